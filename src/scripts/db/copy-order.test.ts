import { describe, expect, it } from 'vitest';
import { Prisma } from '../../server/db/generated/sqlite/client.ts';
import { copyOrder, projectCopyOrder } from './copy-order.ts';

const schema = `
/// Comments and back-relations name other models without depending on them.
model Comment {
  postId   String
  authorId String
  post     Post   @relation(fields: [postId], references: [id])
  author   Author @relation(fields: [authorId], references: [id])
  position Int

  @@id([postId, position])
}

model Post {
  id       String    @id
  authorId String
  author   Author    @relation(fields: [authorId], references: [id], onDelete: Cascade)
  comments Comment[]
}

model Author {
  id       String    @id
  posts    Post[]
  comments Comment[]
}
`;

describe('the order db:copy loads models in', () => {
  it('puts parents before children, with their primary keys, compound ones included', () => {
    const order = copyOrder(['Comment', 'Post', 'Author'], schema);
    expect(order.map(({ name, delegate, primaryKey }) => ({ name, delegate, primaryKey }))).toEqual([
      { name: 'Author', delegate: 'author', primaryKey: ['id'] },
      { name: 'Post', delegate: 'post', primaryKey: ['id'] },
      { name: 'Comment', delegate: 'comment', primaryKey: ['postId', 'position'] },
    ]);
  });

  it('refuses models that refer to each other, which no parents-first order can load', () => {
    const selfRelation =
      'model Node {\n  id String @id\n  parentId String?\n  parent Node? @relation("tree", fields: [parentId], references: [id])\n  children Node[] @relation("tree")\n}\n';
    expect(() => copyOrder(['Node'], selfRelation)).toThrow('Node refer to each other');
  });

  it('refuses when the generated client and the models file disagree', () => {
    expect(() => copyOrder(['Author', 'Post', 'Comment', 'Tag'], schema)).toThrow('run npm run db:generate');
  });

  it("orders the project's own models, as its generated client lists them, parents first", () => {
    const order = projectCopyOrder();
    expect(order.map((model) => model.name).sort()).toEqual(Object.values(Prisma.ModelName).sort());
    expect(order.find((model) => model.name === 'Session')?.parents).toEqual(['User']);
    const position = new Map(order.map((model, index) => [model.name, index]));
    for (const model of order) {
      for (const parent of model.parents) expect(position.get(parent)).toBeLessThan(position.get(model.name) ?? -1);
    }
  });
});
