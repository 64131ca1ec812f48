import * as lucide from 'lucide-react';
import { createElement, type ComponentType, type SVGProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as firstPaint from './first-paint-icons.tsx';

/** The drawing only: the shapes inside the <svg>, without lucide's class names. */
const shapesOf = (Icon: ComponentType<SVGProps<SVGSVGElement>>) =>
  renderToStaticMarkup(createElement(Icon))
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '');

describe('first-paint icons', () => {
  const names = Object.keys(firstPaint) as (keyof typeof firstPaint)[];

  it.each(names)('%s draws what lucide-react draws', (name) => {
    const theirs = lucide[name] as ComponentType<SVGProps<SVGSVGElement>>;
    expect(theirs, `lucide-react no longer exports ${name}`).toBeDefined();
    expect(shapesOf(firstPaint[name])).toBe(shapesOf(theirs));
  });

  it('keeps the svg attributes lucide sets, and hides the icon from assistive technology', () => {
    const markup = renderToStaticMarkup(createElement(firstPaint.SunIcon, { className: 'size-4' }));
    expect(markup).toContain('class="lucide lucide-sun size-4"');
    expect(markup).toContain('aria-hidden="true"');
    expect(markup).toContain('stroke-width="2"');
    expect(markup).toContain('viewBox="0 0 24 24"');
  });
});
