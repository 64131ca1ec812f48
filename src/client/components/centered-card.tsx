import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from './ui/card.tsx';

/**
 * The auth and first-run screens' frame: one narrow card, centred, in the upper third
 * of the viewport, with the screen's heading (an h1, focusable for focus moves).
 */
export function CenteredCard({
  headingId,
  title,
  description,
  children,
  footer,
  headingRef,
}: {
  headingId: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  return (
    <section aria-labelledby={headingId} className="flex justify-center px-4 pt-[8vh] pb-12 sm:pt-[12vh]">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl leading-tight font-semibold">
            {title}
          </h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
        {footer ? (
          <CardFooter className="flex-col items-start gap-2 text-sm text-muted-foreground">{footer}</CardFooter>
        ) : null}
      </Card>
    </section>
  );
}
