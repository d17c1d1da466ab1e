import type { ReactNode } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Spinner } from './spinner';

type ResultPanelProps = {
  /** working while the request is on its way; then its outcome. */
  state: 'working' | 'success' | 'error';
  title: string;
  children?: ReactNode;
  /** Links onward, under the message. */
  actions?: ReactNode;
};

/** ResultPanel is what a page that does one thing on opening shows (a link
 * from an email): working, then done or failed, with a heading, the message
 * read aloud and the ways on. */
export function ResultPanel({ state, title, children, actions }: ResultPanelProps) {
  return (
    <section aria-labelledby="result-title" aria-busy={state === 'working' || undefined} className="text-center">
      {state === 'working' && <Spinner className="mx-auto size-12 border-4 text-primary" />}
      {state === 'success' && <CheckCircle2 className="mx-auto size-14 text-success" aria-hidden />}
      {state === 'error' && <XCircle className="mx-auto size-14 text-danger" aria-hidden />}
      <h1 id="result-title" className="mt-3 text-2xl font-bold">
        {title}
      </h1>
      <div role={state === 'error' ? 'alert' : 'status'} className="mt-2 text-sm text-muted">
        {children}
      </div>
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-2">{actions}</div>}
    </section>
  );
}

/** resultLinkClass styles a link of a ResultPanel as the primary button. */
export const resultLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-on-primary transition-colors hover:bg-primary-hover';
