/**
 * The words of the fleet (every ensemble one explorer follows), in English and Simplified
 * Chinese; `messages.ts` adds them to the rest. `{name}` marks a value filled in when shown.
 */
export const FLEET_EN = {
  navFleet: 'Fleet',
  palFleet: 'Fleet: every ensemble, how it stands, and its worst locks',
  fleetTitle: 'Fleet',
  fleetLead: 'Every ZooKeeper ensemble this explorer follows, the one most in need of a look first: whether it can be read, how many of its locks need a look, and the worst of them. Open an ensemble for its dashboard, sessions and incidents.',
  fleetLoading: 'Asking every ensemble…',
  fleetFailed: 'The explorer did not answer: {error}',
  fleetStateConnected: 'connected',
  fleetStatePartial: 'partly readable',
  fleetStateConnecting: 'connecting',
  fleetStateUnreachable: 'unreachable',
  fleetStateAuthFailed: 'login refused',
  fleetStateTlsFailed: 'certificate refused',
  fleetLocks: '{n} locks',
  fleetLocksOne: '1 lock',
  fleetAttention: '{n} need a look',
  fleetAttentionOne: '1 needs a look',
  fleetCalm: 'No lock needs a look.',
  fleetWorst: 'Needing a look the most',
  fleetMore: 'and {n} more',
  fleetOpen: 'Open {name}',
  fleetOpenLabel: 'Open the dashboard of the ensemble {name}',
  fleetEnsemble: 'Ensemble',
  fleetCount: '{n} ensembles',
} as const;

export type FleetKey = keyof typeof FLEET_EN;

export const FLEET_ZH: Record<FleetKey, string> = {
  navFleet: '集群总览',
  palFleet: '集群总览：每个集群的状态和最需要关注的锁',
  fleetTitle: '集群总览',
  fleetLead: '本工具跟随的每个 ZooKeeper 集群，最需要关注的排在最前：能否读取、有几把锁需要关注、其中最严重的是哪几把。打开一个集群，查看它的仪表盘、会话和事件。',
  fleetLoading: '正在询问每个集群…',
  fleetFailed: '本工具没有应答：{error}',
  fleetStateConnected: '已连接',
  fleetStatePartial: '部分可读',
  fleetStateConnecting: '正在连接',
  fleetStateUnreachable: '无法连接',
  fleetStateAuthFailed: '登录被拒绝',
  fleetStateTlsFailed: '证书被拒绝',
  fleetLocks: '{n} 把锁',
  fleetLocksOne: '1 把锁',
  fleetAttention: '{n} 把需要关注',
  fleetAttentionOne: '1 把需要关注',
  fleetCalm: '没有需要关注的锁。',
  fleetWorst: '最需要关注的',
  fleetMore: '另有 {n} 把',
  fleetOpen: '打开 {name}',
  fleetOpenLabel: '打开集群 {name} 的仪表盘',
  fleetEnsemble: '集群',
  fleetCount: '{n} 个集群',
};
