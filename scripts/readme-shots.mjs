/**
 * `npm run readme:shots`: the README's pictures of the showcase, copied from the shots
 * `npm run showcase:check` took (.shots/showcase/, one file a page, screen and language) into
 * docs/. Each picture's source is named here, so that a picture is always retaken the same way.
 * The herd, GC pause, discovery, replay, incidents and classroom pictures are of what the showcase
 * does not make (a herd the explorer's own simulator declares, a paused client, a tree of 325,698
 * znodes, ZooKeeper's files written by real clients, a classroom run) and are left as they are.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const SHOTS = '.shots/showcase';

/** docs/<picture> ← .shots/showcase/<shot>. */
const PICTURES = {
  'lock-list-dark.png': 'dark-1400-en-_.png',
  'lock-page.png': '1280-en-_locks_showcase_inventory_warehouse_eu_central_1_stock_level_read_write_lock.png',
  // Shot by the crash test while the holder is cut off (a page shot at any moment may fall after ZooKeeper expired it).
  'crashed-holder.png': 'crashed-dark-1400-en-_locks_showcase_billing_invoice_number_allocator_lock.png',
  'chain-wide.png': '1920-en-_locks_showcase_payments_ledger_reconciliation_service_settlement_batch_writer_l.png',
  'phone.png': '390-en-_locks_showcase_search_index_compaction_scheduler_lock.png',
  'lock-page-zh.png': '1280-zh-_locks_showcase_orders_order_allocation_lock.png',
  'waits-for.png': '1920-en-_waits_for.png',
  // Shot by the classroom's keyboard test: twelve a side in presenter view at 1280×720.
  'classroom-presenter.png': 'presenter-1280-twelve.png',
};

const missing = Object.values(PICTURES).filter((shot) => !existsSync(join(SHOTS, shot)));
if (missing.length > 0) {
  console.error(`readme-shots: ${missing.length} shots missing in ${SHOTS} (run \`npm run showcase:check\` first): ${missing.join(', ')}`);
  process.exit(1);
}
for (const [picture, shot] of Object.entries(PICTURES)) {
  copyFileSync(join(SHOTS, shot), join('docs', picture));
  console.log(`docs/${picture} ← ${SHOTS}/${shot}`);
}
