'use client';
import type { Knowledge } from '../lib/protocol';
import { describeKnowledge } from '../lib/view/knowledge';
import { useLanguage } from './language';

/**
 * What can and cannot be known of the locks where ZooKeeper reports less than the explorer asks
 * (as ZooKeeper 3.10 will ship): folded to its title, so that it is said once and stays out of the
 * way; opened, the two lists, how to know more, and what the members answered.
 */
export function KnowledgeNote({ knowledge }: { knowledge: Knowledge | null }) {
  const { language, t } = useLanguage();
  if (knowledge === null) return null;
  const words = describeKnowledge(knowledge, language);
  const lists = [
    { title: 'kKnownTitle', facts: words.known, testId: 'knowledge-known' },
    { title: 'kUnknownTitle', facts: words.unknown, testId: 'knowledge-unknown' },
  ] as const;
  return (
    <details className="knowledge-note" data-testid="knowledge-note" data-cause={knowledge.cause}>
      <summary data-testid="knowledge-title">{words.title}</summary>
      <p>{words.cause}</p>
      <div className="knowledge-lists">
        {lists.map(({ title, facts, testId }) => (
          <section key={testId}>
            <h3>{t(title)}</h3>
            <ul data-testid={testId}>
              {facts.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p>{words.howTo}</p>
      {words.reason !== null ? <p className="muted knowledge-reason">{words.reason}</p> : null}
    </details>
  );
}
