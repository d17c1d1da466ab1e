import { useMemo } from 'react';
import { cn } from '@/lib/cn';
import { linkify } from '../linkify';

/** MessageText shows a message as plain text (never as HTML), keeps its line
 * breaks, turns http(s) addresses into links that open in a new tab without
 * access to this page, and lets the browser pick each paragraph's direction
 * (dir="auto") so Persian and English mixed in one message read right. */
export function MessageText({ text, className, linkClassName }: { text: string; className?: string; linkClassName?: string }) {
  const parts = useMemo(() => linkify(text), [text]);
  return (
    <p dir="auto" className={cn('whitespace-pre-wrap break-words [overflow-wrap:anywhere]', className)}>
      {parts.map((p, i) =>
        p.kind === 'link' ? (
          <a
            key={i}
            href={p.href}
            target="_blank"
            rel="noopener noreferrer"
            dir="ltr"
            className={cn('underline underline-offset-2', linkClassName)}
          >
            {p.text}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}
