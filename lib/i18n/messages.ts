/**
 * The classroom's words in English and Simplified Chinese (the seed documents are Chinese).
 * `{name}` marks a value filled in when shown.
 */
export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

const en = {
  language: 'Language',
  title: 'Classroom: the herd against the chain',
  lead: "Two queues of the same size take turns on the same ZooKeeper. On the left every waiter watches the lock's children (a herd, seed 002): each release wakes them all. On the right each waiter watches only the node before it (ZooKeeper's recipe): each release wakes one. Every number here comes from the contenders' own counters or from ZooKeeper's mntr.",
  watchFor: 'What to watch: on the left every release lights up every waiter, on the right just one. The left’s count grows with the square of the queue, the right’s with its length.',
  contenders: 'Contenders per queue',
  interval: 'Release every (ms)',
  start: 'Start',
  pause: 'Pause',
  resume: 'Resume',
  step: 'Release one',
  reset: 'Reset',
  keys: 'Keys: Space start or pause · → release one · R reset',
  preparing: 'Starting {n} contenders per queue…',
  ready: 'Ready: {n} contenders wait in each queue.',
  running: 'Running: one release on each side every {ms} ms.',
  paused: 'Paused. Release one at a time with →, or resume.',
  drained: 'Both queues drained.',
  idle: 'Press Start: each queue gets its contenders, real ZooKeeper clients with sessions of their own.',
  simulationOff: 'The classroom needs simulated contenders: run the explorer on its embedded ZooKeeper, or set ALLOW_SIMULATION=1.',
  herdTitle: 'Herd: every waiter watches the children',
  chainTitle: 'Chain: each waiter watches its predecessor',
  releases: 'Releases',
  notifications: 'Notifications',
  perRelease: 'Per release',
  theory: 'theory {value}',
  wasted: 'Wasted wake-ups',
  getChildren: 'getChildren calls',
  childBytes: 'Child-name bytes read',
  joining: 'While the queue formed: {n} notifications (not counted above).',
  zkTitle: 'ZooKeeper’s own count (mntr)',
  zkChildren: 'Watchers fired by child changes',
  zkDeleted: 'Watchers fired by deletions',
  zkNote: 'Since the run started, on every member. Child changes include the explorer’s own watch on each lock, one per change.',
  zkUnavailable: 'ZooKeeper does not report its watch counts here (mntr is not allowed, or not asked yet).',
  chartTitle: 'Notifications delivered against releases',
  chartAxisX: 'releases',
  chartAxisY: 'notifications',
  chartHerd: 'herd',
  chartChain: 'chain',
  chartTheory: 'theory',
  chartLabel: 'Chart: after {herdReleases} releases the herd delivered {herd} notifications (theory {herdTheory}); after {chainReleases} the chain delivered {chain} (theory {chainTheory}).',
  failed: 'It did not work: {error}',
} as const;

export type MessageKey = keyof typeof en;

const zh: Record<MessageKey, string> = {
  language: '语言',
  title: '课堂：羊群效应与链式监听',
  lead: '两个同样长的队列在同一个 ZooKeeper 上轮流获取锁。左边每个等待者都监听锁节点的子节点（羊群，种子文档 002）：每次释放都会唤醒所有人。右边每个等待者只监听它前面的节点（ZooKeeper 官方做法）：每次释放只唤醒一个。页面上的每个数字都来自模拟客户端自己的计数器或 ZooKeeper 的 mntr。',
  watchFor: '看什么：左边每次释放都会点亮所有等待者，右边只点亮一个。左边的通知数随队列长度的平方增长，右边随长度线性增长。',
  contenders: '每个队列的客户端数',
  interval: '释放间隔（毫秒）',
  start: '开始',
  pause: '暂停',
  resume: '继续',
  step: '释放一次',
  reset: '重置',
  keys: '快捷键：空格 开始或暂停 · → 释放一次 · R 重置',
  preparing: '正在为每个队列启动 {n} 个客户端…',
  ready: '就绪：每个队列有 {n} 个客户端在等待。',
  running: '运行中：每 {ms} 毫秒两边各释放一次。',
  paused: '已暂停。按 → 一次释放一个，或继续运行。',
  drained: '两个队列都已清空。',
  idle: '按“开始”：每个队列都会得到自己的客户端，它们是拥有独立会话的真实 ZooKeeper 客户端。',
  simulationOff: '课堂需要模拟客户端：请在内嵌的 ZooKeeper 上运行浏览器，或设置 ALLOW_SIMULATION=1。',
  herdTitle: '羊群：每个等待者监听子节点',
  chainTitle: '链式：每个等待者监听前一个节点',
  releases: '释放次数',
  notifications: '通知',
  perRelease: '每次释放',
  theory: '理论值 {value}',
  wasted: '无效唤醒',
  getChildren: 'getChildren 调用',
  childBytes: '读取的子节点名字节数',
  joining: '排队形成期间：{n} 次通知（不计入上面的数字）。',
  zkTitle: 'ZooKeeper 自己的统计（mntr）',
  zkChildren: '子节点变化触发的监听',
  zkDeleted: '删除触发的监听',
  zkNote: '自本次运行开始，所有成员合计。子节点变化包括浏览器自身对每个锁的监听：每次变化一次。',
  zkUnavailable: 'ZooKeeper 在这里不报告监听统计（不允许 mntr，或尚未询问）。',
  chartTitle: '已送达的通知数与释放次数',
  chartAxisX: '释放次数',
  chartAxisY: '通知数',
  chartHerd: '羊群',
  chartChain: '链式',
  chartTheory: '理论',
  chartLabel: '图表：羊群在 {herdReleases} 次释放后送达 {herd} 次通知（理论 {herdTheory}）；链式在 {chainReleases} 次释放后送达 {chain} 次（理论 {chainTheory}）。',
  failed: '操作失败：{error}',
};

export const MESSAGES: Record<Language, Record<MessageKey, string>> = { en, zh };

/** The message in `language`, with `{name}` filled from `values`. */
export function translate(language: Language, key: MessageKey, values: Record<string, string | number> = {}): string {
  return MESSAGES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
