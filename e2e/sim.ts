import type { APIRequestContext } from '@playwright/test';
import type { ContenderInfo } from '../lib/protocol';
import { expect } from './fixtures';

/** Spawns simulated contenders that hold for ten minutes unless told otherwise, and hands back what the explorer says of them. */
export async function spawn(request: APIRequestContext, explorerUrl: string, data: Record<string, unknown>): Promise<ContenderInfo[]> {
  const response = await request.post(`${explorerUrl}/api/sim/contenders`, { data: { holdMs: 600_000, rounds: 1, ...data } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { contenders: ContenderInfo[] }).contenders;
}
