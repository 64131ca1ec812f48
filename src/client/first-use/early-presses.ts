/**
 * A press on a page whose app is still on its way (entry.ts) would be lost: React can
 * only replay it once it has hydrated the page. So the last such press is kept here and
 * made again when the page is ready: a click on a control (its default action held back
 * meanwhile), a press on a form's submit button (disabled until hydrated, so the browser
 * sends no click, only pointer events to what lies under it), or Enter in a form's field.
 */

/** Marks what is waiting for its code (#root, until the app has hydrated it). */
export const firstUseAttribute = 'data-first-use';

// Not links: followed before the app is in, a link loads its page, as links do.
const pressable =
  'button, label, summary, input[type=checkbox], input[type=radio], [role=button], [role=checkbox], [role=switch]';

const readyParts = new WeakSet<Element>();
const keptPresses = new WeakMap<Element, HTMLElement>();

function waitingPartOf(target: EventTarget | null): Element | null {
  if (!(target instanceof Element)) return null;
  const part = target.closest(`[${firstUseAttribute}]`);
  return part && !readyParts.has(part) ? part : null;
}

function keep(part: Element, control: HTMLElement): void {
  keptPresses.set(part, control);
}

let listening = false;

/** Installed once, by the first-use entry, before anyone can press. */
export function keepEarlyPresses(doc: Document): void {
  if (listening) return;
  listening = true;
  doc.addEventListener(
    'click',
    (event) => {
      const part = waitingPartOf(event.target);
      const control = part && (event.target as Element).closest<HTMLElement>(pressable);
      if (!part || !control) return;
      event.preventDefault();
      event.stopPropagation();
      keep(part, control);
    },
    { capture: true },
  );
  doc.addEventListener(
    'pointerup',
    (event) => {
      const part = waitingPartOf(event.target);
      // The kit's disabled button lets pointer events through (`pointer-events: none`), so
      // the event's target is what lies under it: find the button by where it was pressed.
      const button = [...(part?.querySelectorAll<HTMLButtonElement>('button[type=submit]:disabled') ?? [])].find(
        (candidate) => contains(candidate.getBoundingClientRect(), event.clientX, event.clientY),
      );
      if (part && button) keep(part, button);
    },
    { capture: true },
  );
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Enter' || event.isComposing) return;
      const part = waitingPartOf(event.target);
      const submit =
        part && event.target instanceof HTMLInputElement
          ? event.target.form?.querySelector<HTMLButtonElement>('button[type=submit]')
          : null;
      if (!part || !submit) return;
      event.preventDefault();
      keep(part, submit);
    },
    { capture: true },
  );
}

function contains(box: DOMRect, x: number, y: number): boolean {
  return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
}

/**
 * Called when a waiting part has hydrated: from now on its presses are React's, and the
 * one kept (if any) is made again, once the control is enabled (a submit button turns
 * enabled in the render right after hydration) and still on the page.
 */
export function partReady(part: Element): void {
  readyParts.add(part);
  const control = keptPresses.get(part);
  keptPresses.delete(part);
  if (!control) return;
  // Waits at most this long for the control to turn enabled (a few frames, as a rule).
  const giveUpAt = performance.now() + 2000;
  const press = () => {
    if (!control.isConnected) return;
    if (control instanceof HTMLButtonElement && control.disabled) {
      if (performance.now() < giveUpAt) requestAnimationFrame(press);
      return;
    }
    control.click();
  };
  requestAnimationFrame(press);
}
