import { Prisma } from '../../server/db/generated/sqlite/client.ts';
import { readModels } from './derive-schemas.ts';

/** A model as a table copy needs it. */
export interface CopiedModel {
  name: string;
  /** The model's property on a Prisma client: `EmailOutbox` → `emailOutbox`. */
  delegate: string;
  /** The fields rows are ordered and paged by. */
  primaryKey: string[];
  /** Models this one's foreign keys point at: they are copied before it. */
  parents: string[];
}

interface ModelFacts {
  primaryKey: string[];
  parents: string[];
}

const modelBlock = /^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm;
const fieldLine = /^(\w+)\s+(\w+)(\[\])?\??\s*(.*)$/;
const compoundId = /^@@id\(\s*(?:fields:\s*)?\[([^\]]*)\]/;
const owningRelation = /@relation\([^)]*\bfields:\s*\[/;

/**
 * Primary keys and foreign-key parents of each model in a Prisma schema. The generated
 * client's runtime model has neither, so they are read from the schema's own text: a
 * parent is the type of a field whose `@relation` names `fields`, the side that holds
 * the foreign key.
 */
function modelFacts(schema: string): Map<string, ModelFacts> {
  const facts = new Map<string, ModelFacts>();
  for (const [, name = '', body = ''] of schema.matchAll(modelBlock)) {
    const primaryKey: string[] = [];
    const parents: string[] = [];
    for (const line of body.split('\n').map((text) => text.trim())) {
      if (line.startsWith('//')) continue;
      const compound = compoundId.exec(line);
      if (compound) primaryKey.push(...(compound[1] ?? '').split(',').map((field) => field.trim()));
      const field = fieldLine.exec(line);
      if (!field) continue;
      const [, fieldName = '', type = '', list, attributes = ''] = field;
      if (/@id\b/.test(attributes)) primaryKey.push(fieldName);
      if (!list && owningRelation.test(attributes) && !parents.includes(type)) parents.push(type);
    }
    facts.set(name, { primaryKey, parents });
  }
  return facts;
}

/**
 * The models in an order where every parent comes before its children, so each row's
 * foreign keys already resolve when it is inserted. Ties keep `modelNames`' order.
 */
export function copyOrder(modelNames: readonly string[], schema: string): CopiedModel[] {
  const facts = modelFacts(schema);
  const unknown = [
    ...modelNames.filter((name) => !facts.has(name)),
    ...[...facts.keys()].filter((name) => !modelNames.includes(name)),
  ];
  if (unknown.length) {
    throw new Error(
      `The generated client and prisma/models.prisma disagree on ${unknown.join(', ')}: run npm run db:generate.`,
    );
  }
  const models = modelNames.map((name): CopiedModel => {
    const { primaryKey = [], parents = [] } = facts.get(name) ?? {};
    if (primaryKey.length === 0) throw new Error(`${name} has no @id or @@id to page its rows by.`);
    return { name, delegate: name.charAt(0).toLowerCase() + name.slice(1), primaryKey, parents };
  });

  const ordered: CopiedModel[] = [];
  const placed = new Set<string>();
  let waiting = models;
  while (waiting.length) {
    const ready = waiting.filter((model) => model.parents.every((parent) => placed.has(parent)));
    if (ready.length === 0) {
      // A self-relation or a cycle needs deferred constraints, which Prisma's are not.
      throw new Error(
        `Cannot copy parents first: ${waiting.map((model) => model.name).join(', ')} refer to each other.`,
      );
    }
    for (const model of ready) placed.add(model.name);
    ordered.push(...ready);
    waiting = waiting.filter((model) => !placed.has(model.name));
  }
  return ordered;
}

/** The project's models, from its generated client, parents first. */
export function projectCopyOrder(): CopiedModel[] {
  return copyOrder(Object.values(Prisma.ModelName), readModels());
}
