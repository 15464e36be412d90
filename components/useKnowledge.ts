'use client';
import { useState } from 'react';
import { KnowledgeSchema, type Knowledge } from '../lib/protocol';
import { usePoll } from './usePoll';
import { apiPath } from './ensemble';

// What ZooKeeper answers changes only with its configuration or an outage: read as often as its report is asked.
const POLL_MS = 5000;

/** What can and cannot be known of the locks here (`/api/health`'s `knowledge`); null where ZooKeeper tells everything, before it was asked, and in replay. */
export function useKnowledge(): Knowledge | null {
  const [knowledge, setKnowledge] = useState<Knowledge | null>(null);
  usePoll(async (current) => {
    const raw = (await (await fetch(apiPath('/api/health'))).json()) as { knowledge?: unknown };
    // Replay's health has no `knowledge`: nothing to say of the files' ZooKeeper.
    const parsed = KnowledgeSchema.nullable().safeParse(raw.knowledge ?? null);
    if (current() && parsed.success) setKnowledge((last) => (JSON.stringify(last) === JSON.stringify(parsed.data) ? last : parsed.data));
  }, POLL_MS);
  return knowledge;
}
