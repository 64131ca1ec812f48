/**
 * A press on a page whose app is still on its way (entry.ts) would be lost: React can
 * only replay it once it has hydrated the page. So the last such press is kept here and
 * made again when the page is ready: a click on a control (its default action held back
 * meanwhile), a press on a form's submit button (disabled until hydrated, so the browser
 * sends no click, only pointer events to what lies under it), or Enter in a form's field.
 */

/** On the part (#root) while it waits for its code; the tests wait for it to go (e2e/use-page.ts). */
export const firstUseAttribute = 'data-first-use';

// Not links: followed before the app is in, a link loads its page, as links do.
const pressable =
  'button, label, summary, input[type=checkbox], input[type=radio], [role=button], [role=checkbox], [role=switch]';

/**
 * Marks `part` as waiting and keeps the last press made in it until `ready` is called
 * (once its code has hydrated it): then its presses are React's, and the one kept (if any)
 * is made again, once the control is enabled (a submit button turns enabled in the render
 * right after hydration) and still on the page.
 */
export function keepEarlyPresses(part: HTMLElement): { ready: () => void } {
  const doc = part.ownerDocument;
  let kept: HTMLElement | undefined;
  const inPart = (target: EventTarget | null): target is Element => target instanceof Element && part.contains(target);

  const onClick = (event: MouseEvent) => {
    const control = inPart(event.target) ? event.target.closest<HTMLElement>(pressable) : null;
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    kept = control;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!inPart(event.target)) return;
    // The kit's disabled button lets pointer events through (`pointer-events: none`), so
    // the event's target is what lies under it: find the button by where it was pressed.
    kept =
      [...part.querySelectorAll<HTMLButtonElement>('button[type=submit]:disabled')].find((button) =>
        contains(button.getBoundingClientRect(), event.clientX, event.clientY),
      ) ?? kept;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.isComposing || !inPart(event.target)) return;
    const submit =
      event.target instanceof HTMLInputElement
        ? event.target.form?.querySelector<HTMLButtonElement>('button[type=submit]')
        : null;
    if (!submit) return;
    event.preventDefault();
    kept = submit;
  };

  part.setAttribute(firstUseAttribute, '');
  doc.addEventListener('click', onClick, { capture: true });
  doc.addEventListener('pointerup', onPointerUp, { capture: true });
  doc.addEventListener('keydown', onKeyDown, { capture: true });
  return {
    ready: () => {
      part.removeAttribute(firstUseAttribute);
      doc.removeEventListener('click', onClick, { capture: true });
      doc.removeEventListener('pointerup', onPointerUp, { capture: true });
      doc.removeEventListener('keydown', onKeyDown, { capture: true });
      if (kept) pressWhenEnabled(kept);
    },
  };
}

function contains(box: DOMRect, x: number, y: number): boolean {
  return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
}

function pressWhenEnabled(control: HTMLElement): void {
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
