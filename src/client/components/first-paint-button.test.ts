import { describe, expect, it } from 'vitest';
import { buttonClasses, type FirstPaintSize, type FirstPaintVariant } from './first-paint-button.ts';
import { buttonVariants } from './ui/button.tsx';

describe('buttonClasses: the kit button, without the kit in the first chunk', () => {
  const variants: FirstPaintVariant[] = ['default', 'outline', 'ghost'];
  const sizes: Exclude<FirstPaintSize, 'custom'>[] = ['default', 'sm', 'icon'];
  for (const variant of variants) {
    for (const size of sizes) {
      it(`matches buttonVariants for ${variant} / ${size}`, () => {
        expect(buttonClasses({ variant, size })).toBe(buttonVariants({ variant, size }));
      });
    }
  }

  it('appends extra classes', () => {
    expect(buttonClasses({ variant: 'ghost', size: 'icon' }, 'md:hidden')).toBe(
      buttonVariants({ variant: 'ghost', size: 'icon', className: 'md:hidden' }),
    );
  });
});
