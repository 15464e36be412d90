'use client';
/** Next.js's link and router, kept within the ensemble the page shows: a page of `/e/<name>/…` links to its ensemble's pages. */
import NextLink from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo, type ComponentProps } from 'react';
import { usePagePath } from './ensemble';

/** A link to a page of the explorer (`href` from `/`), within the page's ensemble. */
export function Link({ href, ...props }: ComponentProps<typeof NextLink>) {
  const page = usePagePath();
  return <NextLink {...props} href={typeof href === 'string' && href.startsWith('/') ? page(href) : href} />;
}

/** The router's `push`, to a page of the explorer (from `/`) within the page's ensemble. */
export function usePageRouter(): { push(href: string): void } {
  const router = useRouter();
  const page = usePagePath();
  return useMemo(() => ({ push: (href: string) => router.push(page(href)) }), [router, page]);
}
