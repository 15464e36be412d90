import { describe, expect, it } from 'vitest';
import { apiOfEnsemble, ensembleOfPath, namespaceOfEnsemble, pageOfEnsemble } from './ensemble-path';

describe('ensemble paths', () => {
  it('reads the ensemble an address names, and none outside /e/', () => {
    expect(ensembleOfPath('/e/kafka-prod/locks/kafka/controller')).toBe('kafka-prod');
    expect(ensembleOfPath('/e/hbase')).toBe('hbase');
    expect(ensembleOfPath('/locks/e/kafka')).toBeNull();
    expect(ensembleOfPath('/')).toBeNull();
    expect(ensembleOfPath('/e/%E4%B8%AD')).toBe('中');
    expect(ensembleOfPath('/e/%E4%B8')).toBe('%E4%B8');
  });

  it('puts a page within an ensemble, its query and hash kept, and leaves it for none', () => {
    expect(pageOfEnsemble('/', 'kafka')).toBe('/e/kafka');
    expect(pageOfEnsemble('/locks/a/b', 'kafka')).toBe('/e/kafka/locks/a/b');
    expect(pageOfEnsemble('/sessions#session-0x1', 'kafka')).toBe('/e/kafka/sessions#session-0x1');
    expect(pageOfEnsemble('/?q=x', 'kafka')).toBe('/e/kafka?q=x');
    expect(pageOfEnsemble('/locks/a', null)).toBe('/locks/a');
    expect(ensembleOfPath(pageOfEnsemble('/waits-for', 'hbase_1'))).toBe('hbase_1');
  });

  it('asks the API of an ensemble with ?ensemble=, after any query of its own', () => {
    expect(apiOfEnsemble('/api/health', 'kafka')).toBe('/api/health?ensemble=kafka');
    expect(apiOfEnsemble('/api/sessions?q=%2Fa&limit=500', 'kafka')).toBe('/api/sessions?q=%2Fa&limit=500&ensemble=kafka');
    expect(apiOfEnsemble('/api/health', null)).toBe('/api/health');
    expect(namespaceOfEnsemble('kafka')).toBe('/e/kafka');
    expect(namespaceOfEnsemble(null)).toBe('/');
  });
});
