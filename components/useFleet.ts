'use client';
/** The ensembles the explorer follows, asked once a tab: the header's Fleet link and the palette need their names. */
import { useEffect, useState } from 'react';
import { EnsembleListSchema } from '../lib/protocol';

let asked: Promise<string[] | null> | null = null;

/** The names of the ensembles followed, the first first; null until the explorer answers, and where it cannot (replay). */
export function useFleetNames(): string[] | null {
  const [names, setNames] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    asked ??= fetch('/api/ensembles')
      .then(async (response) => (response.ok ? EnsembleListSchema.parse(await response.json()).ensembles.map((ensemble) => ensemble.name) : null))
      .catch(() => null);
    void asked.then((answer) => {
      if (live) setNames(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return names;
}
