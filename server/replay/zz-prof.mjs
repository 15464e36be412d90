// .tmp/load-cpu.ts
import { performance } from "node:perf_hooks";

// server/replay/files.ts
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

// lib/i18n/lock-page.ts
var LOCK_PAGE_EN = {
  lpNoAuthHint: "ZooKeeper lets only the users its ACL lists read this lock. The explorer reads as the user given in {env} ({example}), or as nobody without it: start it with a user the ACL allows ({getAcl} in zkCli says which).",
  lpReading: "Reading {path} from ZooKeeper\u2026",
  lpSystemTreeTitle: "{path} is ZooKeeper\u2019s own tree",
  lpSystemTreeText: " (quotas, the dynamic configuration), not a lock: its nodes are drawn as any children would be, but no client takes turns here. The dashboard leaves it out.",
  lpSummary: "Lock summary",
  lpHolder: "Holder",
  lpHolders: "Holders: {n}",
  lpHolderCutIn: "no connection \xB7 ZooKeeper expires it in {duration}",
  lpHolderCutNow: "no connection \xB7 ZooKeeper expires it now",
  lpCreatedAgo: "created {duration} ago",
  lpHeldFor: "for {duration}",
  lpPzxidTitle: "ZooKeeper\u2019s pzxid of {path}: the transaction of its last child created or deleted. This page has received {n} updates of this lock.",
  lpLastChange: "last change {zxid}",
  lpWatchingNoNode: "Watching, no node",
  lpWatchingTitle: "Sessions that watch the holder\u2019s node without a node of their own: they all wake when it goes",
  lpBelievers: "Believe they hold",
  lpZooKeeperCount: "ZooKeeper: {n}",
  lpCandidatesTitle: "The names alone cannot tell: {list}",
  lpMadeBy: "made by {list}",
  lpSystem: "System",
  lpDecoded: "Its data, as its system writes it",
  lpOr: ", or ",
  lpLeases: "{n} leases",
  lpMissingTitle: "{path} does not exist",
  lpMissingText: "The explorer is watching for it and will draw the queue the moment it is created. Curator creates lock parents as container nodes, which ZooKeeper deletes while they are empty.",
  lpEmptyTitle: "Nobody holds or waits for this lock",
  lpEmptyText: "Contenders appear here live as they create sequential children, for example {command} in zkCli.",
  lpOneLine: "One line per node",
  lpZoom: "Zoom",
  lpZoomOut: "Zoom out",
  lpZoomIn: "Zoom in",
  lpZoomReset: "Zoom {level}: reset to 100%",
  lpZoomMarks: "Marks",
  lpZoomLinesSmall: "Lines, small",
  lpZoomLines: "Lines",
  lpLegendWatches: "Watches:",
  lpLegendConfirmed: "ZooKeeper confirms",
  lpLegendRecipe: "the recipe says",
  lpLegendMissing: "ZooKeeper reports none",
  lpSelectHolder: "Select the holder {name}",
  lpSelectNext: "Select the next in line {name}",
  // Anomalies
  lpAnomalies: "Anomalies",
  lpAnomaliesOnQueue: "Anomalies on the queue",
  lpNothingWrong: "Nothing wrong that the explorer can see.",
  lpNothingWrongSoFar: "Nothing wrong that the explorer can see so far.",
  lpMoreLikeIt: "{n} more like it",
  lpShowAll: "Show all {n}",
  lpExpiresIn: "Expires in {duration}.",
  lpExpiringNow: "Expiring now.",
  lpWatches: "Watches",
  lpPlaceHolder: "the holder",
  lpPlaceWaiter: "waiter #{n}",
  lpVerdictAll: "ZooKeeper confirms the watch of every waiter ({n}).",
  lpVerdictSome: "ZooKeeper confirms the watch of {waiters}.",
  lpVerdictPending: "{waiters} began to wait too recently to judge: ZooKeeper is asked again every few seconds.",
  lpVerdictUnreported: "ZooKeeper has not reported the sessions of {waiters}, so what they watch cannot be told yet; it is asked every few seconds. If this stays, four-letter words are refused or a member does not answer (see /api/health).",
  lpVerdictChildrenOne: "1 waiter watches the parent\u2019s children, which ZooKeeper does not report: it cannot be checked.",
  lpVerdictChildren: "{n} waiters watch the parent\u2019s children, which ZooKeeper does not report: they cannot be checked.",
  // The deadlock alert
  lpDeadlock: "Deadlock",
  lpDeadlockTitle: "Deadlock: this lock will not be released on its own",
  lpDeadlockText: "{n} sessions each hold a lock the next one waits for. Ending one of them frees the others; so does a holder that lets go when asked (Curator\u2019s revocation, from the holder\u2019s panel) or breaking one of its nodes.",
  lpDeadlockStep: "{session} waits in {lock} for {holder}, which holds it",
  lpThisLock: "this lock",
  lpSelectThisHolder: "Select this lock\u2019s holder",
  lpSelectWaitingHere: "Select the waiting node here",
  lpSeeGraph: "See it in the waits-for graph",
  // The event strip
  lpEvents: "Events of this lock",
  lpEventsHeading: "Events, last minute",
  lpEventsCount: "{n} events in the last minute",
  lpEventCreated: "created",
  lpEventDeleted: "deleted",
  lpEventHolds: "holds",
  lpEventFired: "watches fired",
  lpEventCreate: "created {node}",
  lpEventCreateMany: "created {n} nodes from {node}",
  lpEventDelete: "deleted {node}",
  lpEventDeleteMany: "deleted {n} nodes from {node}",
  lpEventHold: "began to hold {node}",
  lpEventHoldMany: "began to hold {n} nodes from {node}",
  lpEventNotify: "fired watches {node} \xB7 its deletion woke {n}",
  lpEventNotifyFirst: "fired watches {node} \xB7 its deletion woke {n}, first {first}",
  lpEventEarlier: " \xB7 before this page opened (the explorer\u2019s history)",
  lpEventStep: "Step through the events",
  lpEventNone: "Nothing has happened since the explorer began to follow this lock.",
  lpSelect: "Select",
  // The hold history
  lpHistory: "Hold history",
  lpHoldsLast: "Holds, last {span}",
  lpHoldsCount: "{n} holds in the last {span}",
  lpFigureHold: "hold",
  lpFigureWait: "wait",
  lpFigureNone: "{label}: {none}",
  lpFigures: "{label} p50 {p50} \xB7 p95 {p95} \xB7 p99 {p99}",
  lpNow: "now",
  lpNoneEnded: "none ended",
  lpNoneEndedHolding: "none ended \xB7 the holder holds for {duration}",
  lpNoneEndedHoldingMore: "none ended \xB7 the holder holds for {duration} or more",
  lpHandovers: "{n} handovers/min",
  lpEndedHolding: "holds now",
  lpEndedReleased: "released",
  lpEndedExpired: "its session expired",
  lpEndedClosed: "its client closed its session",
  lpEndedBroken: "broken by an operator",
  lpEndedBefore: "held already when the explorer began to follow the lock",
  lpLegendExpired: "session expired",
  lpLegendClosed: "session closed",
  lpLegendBroken: "broken",
  lpLegendBefore: "held before the explorer followed the lock",
  lpBarSession: "session {id}",
  lpBarSince: "since before {time}",
  lpBarHeld: "held {duration}",
  lpBarHeldPlain: "held",
  // The node panel
  lpNodeHeading: "Node",
  lpSelectedNode: "Selected node",
  lpSelectHint: "Select a node (click it, or Tab to it and press Enter) to see its stat, data and watch.",
  lpCloseNode: "Close the node\u2019s details",
  lpPath: "Path",
  lpRole: "Role",
  lpRoleHolder: "holder",
  lpRoleWaiter: "waiter",
  lpModeRead: "read",
  lpModeWrite: "write",
  lpModeLease: "lease",
  lpOwnerSession: "Owner session",
  lpOwnerPersistent: "none: a persistent node",
  lpCreated: "Created",
  lpCreatedAt: "{time} ({duration} ago)",
  lpFencing: "czxid (fencing token)",
  lpClientAddress: "Client address",
  lpClientUnknown: "unknown (ZooKeeper not asked, or not connected)",
  lpWatchChildren: "children of {path}",
  lpWatchConfirmed: " \xB7 confirmed by ZooKeeper",
  lpWatchMissing: " \xB7 ZooKeeper reports no such watch",
  lpWatchNothing: "nothing (it holds)",
  lpWatchedBy: "Watched by",
  lpWatchedByNobody: "no session",
  lpData: "Data",
  lpDataSize: "Data ({size} bytes)",
  lpDataSizeCut: "Data ({size} bytes, first 4 KiB)",
  lpDataNone: "none",
  lpDataEmpty: "(empty)",
  lpDataBinary: "not text: see the hex",
  lpDataHex: "Data, hex",
  lpWholeStat: "Whole stat",
  lpReadingNode: "Reading the node\u2026",
  lpServerAnswered: "the server answered {status}",
  lpContender: "Simulated contender {id} \xB7 {strategy} \xB7 {state}",
  lpStillBelieves: " \xB7 still believes it holds",
  lpContenderCounts: "{notifications} notifications, {wasted} wasted, {getChildren} getChildren, {requests} requests",
  lpNothingLeft: "Nothing left to do to it ({state}).",
  lpActRelease: "Release",
  lpActReleaseTitle: "Give the lock back now",
  lpActCrash: "Crash",
  lpActCrashTitle: "The process dies; its node stays until the session times out",
  lpActExpire: "Expire session",
  lpActExpireTitle: "ZooKeeper expires the session now",
  lpActPause: "Pause 15 s",
  lpActPauseTitle: "Stop heartbeating for 15 s, as in a GC pause",
  lpActLoseCreate: "Lose next create reply",
  lpActLoseCreateTitle: "The next create reaches ZooKeeper but its reply is lost",
  // Remediation
  lpCopy: "Copy",
  lpCopied: "Copied",
  lpCancel: "Cancel",
  lpRevokeUnavailable: "Its holder did not make the lock revocable (ZooKeeper reports no watch of its session on this node), so it cannot be asked to let go: only breaking frees it.",
  lpFreeingOff: "Freeing the lock from here is off.",
  lpDeletingOff: "Deleting this node from here is off.",
  lpEnableWrites: "Start the explorer with {allow} (and an {token}) to do it from this panel, or with ZooKeeper\u2019s own client:",
  lpRevokeFirst: "First, ask the holder to let go (Curator\u2019s revocation): its client decides, nothing is deleted.",
  lpRevokeFirstIf: "First, ask the holder to let go (Curator\u2019s revocation, if it made the lock revocable): its client decides, nothing is deleted.",
  lpDeleteHolderAfter: "If it does not, delete the node (the next waiter then takes the lock; its owner is not told):",
  lpDeleteAfter: "If it does not, delete the node:",
  lpDeleteHolder: "Delete the node (the next waiter then takes the lock; its owner is not told):",
  lpDelete: "Delete the node:",
  lpRevokeButton: "Ask the holder to let go\u2026",
  lpRevokeTitle: "Ask the holder of {node} to let go?",
  lpRevokeConfirm: "Ask it",
  lpRevokeBusy: "Asking\u2026",
  lpRevokeDone: "Asked. If its client lets go, the next waiter takes the lock here.",
  lpRevokeText: "The explorer writes {message} into the node, as Curator\u2019s {revoker} does. Curator then calls the holder\u2019s {listener} (session {session}): its code decides whether to release. Nothing is deleted, and the node\u2019s data is replaced.",
  lpRevokeUnknown: "ZooKeeper\u2019s watches are not known here: if the holder did not make the lock revocable, nothing hears it.",
  lpRevokeLogged: "The explorer logs this request.",
  lpBreakHolderButton: "Break the lock: delete this node\u2026",
  lpBreakButton: "Delete this node\u2026",
  lpBreakTitle: "Delete {node}?",
  lpBreakConfirm: "Delete the node",
  lpBreakBusy: "Deleting\u2026",
  lpBreakDone: "Deleted {node}.",
  lpBreakHolderText: "ZooKeeper deletes the node now, and the next waiter takes the lock. Its owner{session} is not told: if it is still running, it goes on believing it holds the lock. Writes guarded by its fencing token (czxid {czxid}) can be refused.",
  lpBreakText: "ZooKeeper deletes the node now. Its owner{session} is not told: if it is still running, it goes on believing it waits. Writes guarded by its fencing token (czxid {czxid}) can be refused.",
  lpBreakSession: " (session {session})",
  lpBreakLogged: "The explorer logs this deletion.",
  lpTokenLabel: "Admin token",
  // Simulation
  lpSimulation: "Simulation",
  lpSimulated: "Simulated contenders",
  lpSimElsewhere: "Simulated contenders never touch this lock: they run only below {root}. To try them, open {twin}, an empty lock of the sandbox until you spawn contenders there, or the {classroom}.",
  lpStrategyHerd: "Herd: every waiter watches the parent",
  lpStrategyChained: "Chained: exists watch (ZooKeeper)",
  lpStrategyGetData: "Chained: getData watch (Curator)",
  lpStrategySingle: "Single node: all try to create one",
  lpStrategyRead: "Read lock",
  lpStrategyWrite: "Write lock",
  lpStrategySemaphore: "Semaphore (Kazoo layout)",
  lpStrategyNoWatch: "Buggy: sets no watch",
  lpRecipe: "Recipe",
  lpContenders: "Contenders",
  lpHoldMs: "Hold (ms)",
  lpRounds: "Rounds (0 = forever)",
  lpThinkMs: "Think (ms)",
  lpSessionTimeout: "Session timeout (ms)",
  lpMaxLeases: "Max leases",
  lpProtected: "Protected names (a GUID finds the node again after a lost create reply)",
  lpSpawn: "Spawn {n}",
  lpSpawning: "Spawning\u2026",
  lpSpawned: "spawned {n}",
  lpStopThese: "Stop these",
  lpStopping: "Stopping\u2026",
  lpStopped: "stopped the contenders of this lock",
  lpRunningHere: "Running in this lock",
  lpStateCount: "{n} {state}",
  lpAcquisitions: "Acquisitions",
  lpNotifications: "Notifications",
  lpWasted: "Wasted wake-ups",
  lpViolations: "Violations"
};
var LOCK_PAGE_ZH = {
  lpNoAuthHint: "ZooKeeper \u53EA\u5141\u8BB8\u5176 ACL \u5217\u51FA\u7684\u7528\u6237\u8BFB\u53D6\u8FD9\u4E2A\u9501\u3002\u672C\u5DE5\u5177\u4EE5 {env} \u4E2D\u7ED9\u51FA\u7684\u7528\u6237\u8BFB\u53D6\uFF08{example}\uFF09\uFF0C\u672A\u8BBE\u7F6E\u65F6\u5219\u4EE5\u533F\u540D\u8EAB\u4EFD\u8BFB\u53D6\uFF1A\u8BF7\u7528 ACL \u5141\u8BB8\u7684\u7528\u6237\u542F\u52A8\u5B83\uFF08\u5728 zkCli \u4E2D\u7528 {getAcl} \u67E5\u770B\u662F\u54EA\u4E9B\u7528\u6237\uFF09\u3002",
  lpReading: "\u6B63\u5728\u4ECE ZooKeeper \u8BFB\u53D6 {path}\u2026",
  lpSystemTreeTitle: "{path} \u662F ZooKeeper \u81EA\u5DF1\u7684\u6811",
  lpSystemTreeText: "\uFF08\u914D\u989D\u3001\u52A8\u6001\u914D\u7F6E\uFF09\uFF0C\u4E0D\u662F\u9501\uFF1A\u5B83\u7684\u8282\u70B9\u50CF\u666E\u901A\u5B50\u8282\u70B9\u4E00\u6837\u753B\u51FA\uFF0C\u4F46\u6CA1\u6709\u5BA2\u6237\u7AEF\u5728\u8FD9\u91CC\u8F6E\u6D41\u83B7\u53D6\u3002\u4EEA\u8868\u76D8\u4E0D\u5217\u51FA\u5B83\u3002",
  lpSummary: "\u9501\u6982\u89C8",
  lpHolder: "\u6301\u6709\u8005",
  lpHolders: "\u6301\u6709\u8005\uFF1A{n} \u4E2A",
  lpHolderCutIn: "\u6CA1\u6709\u8FDE\u63A5 \xB7 ZooKeeper \u5C06\u5728 {duration}\u540E\u4F7F\u5176\u8FC7\u671F",
  lpHolderCutNow: "\u6CA1\u6709\u8FDE\u63A5 \xB7 ZooKeeper \u5373\u5C06\u4F7F\u5176\u8FC7\u671F",
  lpCreatedAgo: "{duration}\u524D\u521B\u5EFA",
  lpHeldFor: "\u5DF2\u6301\u6709 {duration}",
  lpPzxidTitle: "ZooKeeper \u4E2D {path} \u7684 pzxid\uFF1A\u6700\u8FD1\u4E00\u6B21\u521B\u5EFA\u6216\u5220\u9664\u5B50\u8282\u70B9\u7684\u4E8B\u52A1\u3002\u672C\u9875\u5DF2\u6536\u5230\u8FD9\u4E2A\u9501\u7684 {n} \u6B21\u66F4\u65B0\u3002",
  lpLastChange: "\u6700\u8FD1\u53D8\u5316 {zxid}",
  lpWatchingNoNode: "\u76D1\u542C\u4E2D\uFF0C\u65E0\u8282\u70B9",
  lpWatchingTitle: "\u76D1\u542C\u6301\u6709\u8005\u8282\u70B9\u3001\u81EA\u5DF1\u5374\u6CA1\u6709\u8282\u70B9\u7684\u4F1A\u8BDD\uFF1A\u8282\u70B9\u6D88\u5931\u65F6\u5B83\u4EEC\u5168\u90E8\u88AB\u5524\u9192",
  lpBelievers: "\u4EE5\u4E3A\u81EA\u5DF1\u6301\u6709",
  lpZooKeeperCount: "ZooKeeper\uFF1A{n}",
  lpCandidatesTitle: "\u4EC5\u51ED\u8282\u70B9\u540D\u65E0\u6CD5\u5224\u65AD\uFF1A{list}",
  lpMadeBy: "\u7531 {list} \u521B\u5EFA",
  lpSystem: "\u7CFB\u7EDF",
  lpDecoded: "\u6570\u636E\uFF08\u6309\u5176\u7CFB\u7EDF\u7684\u683C\u5F0F\u89E3\u8BFB\uFF09",
  lpOr: "\uFF0C\u6216 ",
  lpLeases: "{n} \u4E2A\u79DF\u7EA6",
  lpMissingTitle: "{path} \u4E0D\u5B58\u5728",
  lpMissingText: "\u672C\u5DE5\u5177\u6B63\u5728\u7B49\u5F85\u5B83\u51FA\u73B0\uFF0C\u4E00\u65E6\u521B\u5EFA\u5C31\u4F1A\u753B\u51FA\u961F\u5217\u3002Curator \u628A\u9501\u7684\u7236\u8282\u70B9\u5EFA\u6210\u5BB9\u5668\u8282\u70B9\uFF0CZooKeeper \u4F1A\u5728\u5B83\u4E3A\u7A7A\u65F6\u5220\u9664\u5B83\u3002",
  lpEmptyTitle: "\u6CA1\u6709\u4EBA\u6301\u6709\u6216\u7B49\u5F85\u8FD9\u4E2A\u9501",
  lpEmptyText: "\u7ADE\u4E89\u8005\u521B\u5EFA\u987A\u5E8F\u5B50\u8282\u70B9\u65F6\u4F1A\u5B9E\u65F6\u51FA\u73B0\u5728\u8FD9\u91CC\uFF0C\u4F8B\u5982\u5728 zkCli \u4E2D\u6267\u884C {command}\u3002",
  lpOneLine: "\u6BCF\u4E2A\u8282\u70B9\u4E00\u884C",
  lpZoom: "\u7F29\u653E",
  lpZoomOut: "\u7F29\u5C0F",
  lpZoomIn: "\u653E\u5927",
  lpZoomReset: "\u7F29\u653E {level}\uFF1A\u6062\u590D\u5230 100%",
  lpZoomMarks: "\u6807\u8BB0",
  lpZoomLinesSmall: "\u5355\u884C\uFF08\u5C0F\uFF09",
  lpZoomLines: "\u5355\u884C",
  lpLegendWatches: "\u76D1\u542C\uFF1A",
  lpLegendConfirmed: "ZooKeeper \u5DF2\u786E\u8BA4",
  lpLegendRecipe: "\u6309\u914D\u65B9\u63A8\u65AD",
  lpLegendMissing: "ZooKeeper \u672A\u62A5\u544A",
  lpSelectHolder: "\u9009\u4E2D\u6301\u6709\u8005 {name}",
  lpSelectNext: "\u9009\u4E2D\u4E0B\u4E00\u4E2A\u7B49\u5F85\u8005 {name}",
  lpAnomalies: "\u5F02\u5E38",
  lpAnomaliesOnQueue: "\u961F\u5217\u4E0A\u7684\u5F02\u5E38",
  lpNothingWrong: "\u672C\u5DE5\u5177\u6CA1\u6709\u770B\u5230\u4EFB\u4F55\u95EE\u9898\u3002",
  lpNothingWrongSoFar: "\u5230\u76EE\u524D\u4E3A\u6B62\uFF0C\u672C\u5DE5\u5177\u6CA1\u6709\u770B\u5230\u4EFB\u4F55\u95EE\u9898\u3002",
  lpMoreLikeIt: "\u8FD8\u6709 {n} \u4E2A\u540C\u7C7B",
  lpShowAll: "\u5168\u90E8\u663E\u793A {n} \u4E2A",
  lpExpiresIn: "{duration}\u540E\u8FC7\u671F\u3002",
  lpExpiringNow: "\u5373\u5C06\u8FC7\u671F\u3002",
  lpWatches: "\u76D1\u542C",
  lpPlaceHolder: "\u6301\u6709\u8005",
  lpPlaceWaiter: "\u7B2C {n} \u4F4D\u7B49\u5F85\u8005",
  lpVerdictAll: "ZooKeeper \u786E\u8BA4\u4E86\u6BCF\u4E2A\u7B49\u5F85\u8005\u7684\u76D1\u542C\uFF08{n} \u4E2A\uFF09\u3002",
  lpVerdictSome: "ZooKeeper \u786E\u8BA4\u4E86 {waiters}\u7684\u76D1\u542C\u3002",
  lpVerdictPending: "{waiters}\u521A\u5F00\u59CB\u7B49\u5F85\uFF0C\u8FD8\u65E0\u6CD5\u5224\u65AD\uFF1AZooKeeper \u6BCF\u9694\u51E0\u79D2\u4F1A\u518D\u88AB\u8BE2\u95EE\u4E00\u6B21\u3002",
  lpVerdictUnreported: "ZooKeeper \u8FD8\u6CA1\u6709\u62A5\u544A {waiters}\u7684\u4F1A\u8BDD\uFF0C\u6240\u4EE5\u6682\u65F6\u65E0\u6CD5\u77E5\u9053\u5B83\u4EEC\u76D1\u542C\u4EC0\u4E48\uFF1B\u6BCF\u9694\u51E0\u79D2\u4F1A\u8BE2\u95EE\u4E00\u6B21\u3002\u5982\u679C\u4E00\u76F4\u5982\u6B64\uFF0C\u8BF4\u660E\u56DB\u5B57\u547D\u4EE4\u88AB\u62D2\u7EDD\uFF0C\u6216\u67D0\u4E2A\u6210\u5458\u6CA1\u6709\u5E94\u7B54\uFF08\u89C1 /api/health\uFF09\u3002",
  lpVerdictChildrenOne: "1 \u4E2A\u7B49\u5F85\u8005\u76D1\u542C\u7236\u8282\u70B9\u7684\u5B50\u8282\u70B9\uFF0CZooKeeper \u4E0D\u62A5\u544A\u8FD9\u79CD\u76D1\u542C\uFF1A\u65E0\u6CD5\u6838\u5B9E\u3002",
  lpVerdictChildren: "{n} \u4E2A\u7B49\u5F85\u8005\u76D1\u542C\u7236\u8282\u70B9\u7684\u5B50\u8282\u70B9\uFF0CZooKeeper \u4E0D\u62A5\u544A\u8FD9\u79CD\u76D1\u542C\uFF1A\u65E0\u6CD5\u6838\u5B9E\u3002",
  lpDeadlock: "\u6B7B\u9501",
  lpDeadlockTitle: "\u6B7B\u9501\uFF1A\u8FD9\u4E2A\u9501\u4E0D\u4F1A\u81EA\u5DF1\u91CA\u653E",
  lpDeadlockText: "{n} \u4E2A\u4F1A\u8BDD\u5404\u81EA\u6301\u6709\u4E0B\u4E00\u4E2A\u4F1A\u8BDD\u7B49\u5F85\u7684\u9501\u3002\u7ED3\u675F\u5176\u4E2D\u4EFB\u4F55\u4E00\u4E2A\uFF0C\u5176\u4F59\u7684\u5C31\u4F1A\u88AB\u91CA\u653E\uFF1B\u6301\u6709\u8005\u5728\u88AB\u8BF7\u6C42\u65F6\u4E3B\u52A8\u653E\u624B\uFF08Curator \u7684\u64A4\u9500\uFF0C\u5728\u6301\u6709\u8005\u7684\u9762\u677F\u4E2D\u53D1\u8D77\uFF09\uFF0C\u6216\u5220\u9664\u5176\u4E2D\u4E00\u4E2A\u8282\u70B9\uFF0C\u4E5F\u80FD\u89E3\u5F00\u3002",
  lpDeadlockStep: "{session} \u5728 {lock} \u4E2D\u7B49\u5F85\u6301\u6709\u5B83\u7684 {holder}",
  lpThisLock: "\u8FD9\u4E2A\u9501",
  lpSelectThisHolder: "\u9009\u4E2D\u8FD9\u4E2A\u9501\u7684\u6301\u6709\u8005",
  lpSelectWaitingHere: "\u9009\u4E2D\u8FD9\u91CC\u7684\u7B49\u5F85\u8282\u70B9",
  lpSeeGraph: "\u5728\u7B49\u5F85\u56FE\u4E2D\u67E5\u770B",
  lpEvents: "\u8FD9\u4E2A\u9501\u7684\u4E8B\u4EF6",
  lpEventsHeading: "\u4E8B\u4EF6\uFF0C\u6700\u8FD1 1 \u5206\u949F",
  lpEventsCount: "\u6700\u8FD1 1 \u5206\u949F\u5185 {n} \u4E2A\u4E8B\u4EF6",
  lpEventCreated: "\u521B\u5EFA",
  lpEventDeleted: "\u5220\u9664",
  lpEventHolds: "\u6301\u6709",
  lpEventFired: "\u89E6\u53D1\u76D1\u542C",
  lpEventCreate: "\u521B\u5EFA\u4E86 {node}",
  lpEventCreateMany: "\u4ECE {node} \u8D77\u521B\u5EFA\u4E86 {n} \u4E2A\u8282\u70B9",
  lpEventDelete: "\u5220\u9664\u4E86 {node}",
  lpEventDeleteMany: "\u4ECE {node} \u8D77\u5220\u9664\u4E86 {n} \u4E2A\u8282\u70B9",
  lpEventHold: "{node} \u5F00\u59CB\u6301\u6709",
  lpEventHoldMany: "\u4ECE {node} \u8D77 {n} \u4E2A\u8282\u70B9\u5F00\u59CB\u6301\u6709",
  lpEventNotify: "{node} \u89E6\u53D1\u76D1\u542C \xB7 \u5B83\u7684\u5220\u9664\u5524\u9192\u4E86 {n} \u4E2A",
  lpEventNotifyFirst: "{node} \u89E6\u53D1\u76D1\u542C \xB7 \u5B83\u7684\u5220\u9664\u5524\u9192\u4E86 {n} \u4E2A\uFF0C\u7B2C\u4E00\u4E2A\u662F {first}",
  lpEventEarlier: " \xB7 \u5728\u672C\u9875\u6253\u5F00\u4E4B\u524D\uFF08\u672C\u5DE5\u5177\u7684\u5386\u53F2\u8BB0\u5F55\uFF09",
  lpEventStep: "\u9010\u4E2A\u67E5\u770B\u4E8B\u4EF6",
  lpEventNone: "\u81EA\u672C\u5DE5\u5177\u5F00\u59CB\u8DDF\u8E2A\u8FD9\u4E2A\u9501\u4EE5\u6765\uFF0C\u4EC0\u4E48\u90FD\u6CA1\u6709\u53D1\u751F\u3002",
  lpSelect: "\u9009\u4E2D",
  lpHistory: "\u6301\u6709\u5386\u53F2",
  lpHoldsLast: "\u6301\u6709\u8BB0\u5F55\uFF0C\u6700\u8FD1 {span}",
  lpHoldsCount: "\u6700\u8FD1 {span}\u5185 {n} \u6B21\u6301\u6709",
  lpFigureHold: "\u6301\u6709",
  lpFigureWait: "\u7B49\u5F85",
  lpFigureNone: "{label}\uFF1A{none}",
  lpFigures: "{label}\uFF1Ap50 {p50} \xB7 p95 {p95} \xB7 p99 {p99}",
  lpNow: "\u73B0\u5728",
  lpNoneEnded: "\u5C1A\u65E0\u7ED3\u675F\u7684",
  lpNoneEndedHolding: "\u5C1A\u65E0\u7ED3\u675F\u7684 \xB7 \u5F53\u524D\u6301\u6709\u8005\u5DF2\u6301\u6709 {duration}",
  lpNoneEndedHoldingMore: "\u5C1A\u65E0\u7ED3\u675F\u7684 \xB7 \u5F53\u524D\u6301\u6709\u8005\u5DF2\u6301\u6709 {duration}\u4EE5\u4E0A",
  lpHandovers: "\u6BCF\u5206\u949F\u4EA4\u63A5 {n} \u6B21",
  lpEndedHolding: "\u6B63\u5728\u6301\u6709",
  lpEndedReleased: "\u5DF2\u91CA\u653E",
  lpEndedExpired: "\u4F1A\u8BDD\u5DF2\u8FC7\u671F",
  lpEndedClosed: "\u5BA2\u6237\u7AEF\u5173\u95ED\u4E86\u4F1A\u8BDD",
  lpEndedBroken: "\u88AB\u8FD0\u7EF4\u4EBA\u5458\u5F3A\u5236\u5220\u9664",
  lpEndedBefore: "\u672C\u5DE5\u5177\u5F00\u59CB\u8DDF\u8E2A\u8FD9\u4E2A\u9501\u65F6\u5DF2\u88AB\u6301\u6709",
  lpLegendExpired: "\u4F1A\u8BDD\u8FC7\u671F",
  lpLegendClosed: "\u4F1A\u8BDD\u5173\u95ED",
  lpLegendBroken: "\u5F3A\u5236\u5220\u9664",
  lpLegendBefore: "\u8DDF\u8E2A\u4E4B\u524D\u5DF2\u6301\u6709",
  lpBarSession: "\u4F1A\u8BDD {id}",
  lpBarSince: "{time} \u4E4B\u524D\u5F00\u59CB",
  lpBarHeld: "\u6301\u6709 {duration}",
  lpBarHeldPlain: "\u5DF2\u6301\u6709",
  lpNodeHeading: "\u8282\u70B9",
  lpSelectedNode: "\u9009\u4E2D\u7684\u8282\u70B9",
  lpSelectHint: "\u9009\u4E2D\u4E00\u4E2A\u8282\u70B9\uFF08\u70B9\u51FB\u5B83\uFF0C\u6216\u7528 Tab \u79FB\u5230\u5B83\u518D\u6309 Enter\uFF09\uFF0C\u67E5\u770B\u5B83\u7684 stat\u3001\u6570\u636E\u548C\u76D1\u542C\u3002",
  lpCloseNode: "\u5173\u95ED\u8282\u70B9\u8BE6\u60C5",
  lpPath: "\u8DEF\u5F84",
  lpRole: "\u89D2\u8272",
  lpRoleHolder: "\u6301\u6709\u8005",
  lpRoleWaiter: "\u7B49\u5F85\u8005",
  lpModeRead: "\u8BFB",
  lpModeWrite: "\u5199",
  lpModeLease: "\u79DF\u7EA6",
  lpOwnerSession: "\u6240\u5C5E\u4F1A\u8BDD",
  lpOwnerPersistent: "\u65E0\uFF1A\u6301\u4E45\u8282\u70B9",
  lpCreated: "\u521B\u5EFA\u65F6\u95F4",
  lpCreatedAt: "{time}\uFF08{duration}\u524D\uFF09",
  lpFencing: "czxid\uFF08\u9632\u62A4\u4EE4\u724C\uFF09",
  lpClientAddress: "\u5BA2\u6237\u7AEF\u5730\u5740",
  lpClientUnknown: "\u672A\u77E5\uFF08\u6CA1\u6709\u8BE2\u95EE ZooKeeper\uFF0C\u6216\u672A\u8FDE\u63A5\uFF09",
  lpWatchChildren: "{path} \u7684\u5B50\u8282\u70B9",
  lpWatchConfirmed: " \xB7 ZooKeeper \u5DF2\u786E\u8BA4",
  lpWatchMissing: " \xB7 ZooKeeper \u6CA1\u6709\u62A5\u544A\u8FD9\u4E2A\u76D1\u542C",
  lpWatchNothing: "\u65E0\uFF08\u5B83\u662F\u6301\u6709\u8005\uFF09",
  lpWatchedBy: "\u88AB\u8C01\u76D1\u542C",
  lpWatchedByNobody: "\u6CA1\u6709\u4F1A\u8BDD",
  lpData: "\u6570\u636E",
  lpDataSize: "\u6570\u636E\uFF08{size} \u5B57\u8282\uFF09",
  lpDataSizeCut: "\u6570\u636E\uFF08{size} \u5B57\u8282\uFF0C\u524D 4 KiB\uFF09",
  lpDataNone: "\u65E0",
  lpDataEmpty: "\uFF08\u7A7A\uFF09",
  lpDataBinary: "\u4E0D\u662F\u6587\u672C\uFF1A\u8BF7\u770B\u5341\u516D\u8FDB\u5236",
  lpDataHex: "\u6570\u636E\uFF0C\u5341\u516D\u8FDB\u5236",
  lpWholeStat: "\u5B8C\u6574 stat",
  lpReadingNode: "\u6B63\u5728\u8BFB\u53D6\u8282\u70B9\u2026",
  lpServerAnswered: "\u670D\u52A1\u5668\u8FD4\u56DE {status}",
  lpContender: "\u6A21\u62DF\u5BA2\u6237\u7AEF {id} \xB7 {strategy} \xB7 {state}",
  lpStillBelieves: " \xB7 \u4ECD\u4EE5\u4E3A\u81EA\u5DF1\u6301\u6709\u9501",
  lpContenderCounts: "{notifications} \u6B21\u901A\u77E5\uFF0C{wasted} \u6B21\u65E0\u6548\u5524\u9192\uFF0C{getChildren} \u6B21 getChildren\uFF0C{requests} \u6B21\u8BF7\u6C42",
  lpNothingLeft: "\u65E0\u6CD5\u518D\u5BF9\u5B83\u505A\u4EC0\u4E48\uFF08{state}\uFF09\u3002",
  lpActRelease: "\u91CA\u653E",
  lpActReleaseTitle: "\u73B0\u5728\u4EA4\u8FD8\u9501",
  lpActCrash: "\u5D29\u6E83",
  lpActCrashTitle: "\u8FDB\u7A0B\u6B7B\u4EA1\uFF1B\u5B83\u7684\u8282\u70B9\u4FDD\u7559\u5230\u4F1A\u8BDD\u8D85\u65F6",
  lpActExpire: "\u4F7F\u4F1A\u8BDD\u8FC7\u671F",
  lpActExpireTitle: "ZooKeeper \u7ACB\u5373\u8BA9\u4F1A\u8BDD\u8FC7\u671F",
  lpActPause: "\u505C\u987F 15 \u79D2",
  lpActPauseTitle: "15 \u79D2\u5185\u505C\u6B62\u5FC3\u8DF3\uFF0C\u5C31\u50CF\u4E00\u6B21 GC \u505C\u987F",
  lpActLoseCreate: "\u4E22\u5931\u4E0B\u4E00\u6B21\u521B\u5EFA\u7684\u56DE\u590D",
  lpActLoseCreateTitle: "\u4E0B\u4E00\u6B21\u521B\u5EFA\u8BF7\u6C42\u5230\u8FBE ZooKeeper\uFF0C\u4F46\u56DE\u590D\u4E22\u5931",
  lpCopy: "\u590D\u5236",
  lpCopied: "\u5DF2\u590D\u5236",
  lpCancel: "\u53D6\u6D88",
  lpRevokeUnavailable: "\u5B83\u7684\u6301\u6709\u8005\u6CA1\u6709\u628A\u9501\u8BBE\u4E3A\u53EF\u64A4\u9500\uFF08ZooKeeper \u6CA1\u6709\u62A5\u544A\u5176\u4F1A\u8BDD\u5BF9\u8FD9\u4E2A\u8282\u70B9\u7684\u76D1\u542C\uFF09\uFF0C\u6240\u4EE5\u65E0\u6CD5\u8BF7\u5B83\u653E\u624B\uFF1A\u53EA\u6709\u5F3A\u5236\u5220\u9664\u624D\u80FD\u91CA\u653E\u3002",
  lpFreeingOff: "\u8FD9\u91CC\u4E0D\u80FD\u91CA\u653E\u9501\u3002",
  lpDeletingOff: "\u8FD9\u91CC\u4E0D\u80FD\u5220\u9664\u8FD9\u4E2A\u8282\u70B9\u3002",
  lpEnableWrites: "\u7528 {allow}\uFF08\u4EE5\u53CA {token}\uFF09\u542F\u52A8\u672C\u5DE5\u5177\u5373\u53EF\u5728\u6B64\u9762\u677F\u4E2D\u64CD\u4F5C\uFF0C\u6216\u8005\u4F7F\u7528 ZooKeeper \u81EA\u5E26\u7684\u5BA2\u6237\u7AEF\uFF1A",
  lpRevokeFirst: "\u9996\u5148\uFF0C\u8BF7\u6301\u6709\u8005\u653E\u624B\uFF08Curator \u7684\u64A4\u9500\uFF09\uFF1A\u7531\u5B83\u7684\u5BA2\u6237\u7AEF\u51B3\u5B9A\uFF0C\u4E0D\u4F1A\u5220\u9664\u4EFB\u4F55\u4E1C\u897F\u3002",
  lpRevokeFirstIf: "\u9996\u5148\uFF0C\u8BF7\u6301\u6709\u8005\u653E\u624B\uFF08Curator \u7684\u64A4\u9500\uFF0C\u524D\u63D0\u662F\u5B83\u628A\u9501\u8BBE\u4E3A\u53EF\u64A4\u9500\uFF09\uFF1A\u7531\u5B83\u7684\u5BA2\u6237\u7AEF\u51B3\u5B9A\uFF0C\u4E0D\u4F1A\u5220\u9664\u4EFB\u4F55\u4E1C\u897F\u3002",
  lpDeleteHolderAfter: "\u5982\u679C\u5B83\u4E0D\u653E\u624B\uFF0C\u5C31\u5220\u9664\u8282\u70B9\uFF08\u968F\u540E\u4E0B\u4E00\u4E2A\u7B49\u5F85\u8005\u83B7\u5F97\u9501\uFF1B\u4E0D\u4F1A\u901A\u77E5\u5B83\u7684\u6240\u6709\u8005\uFF09\uFF1A",
  lpDeleteAfter: "\u5982\u679C\u5B83\u4E0D\u653E\u624B\uFF0C\u5C31\u5220\u9664\u8282\u70B9\uFF1A",
  lpDeleteHolder: "\u5220\u9664\u8282\u70B9\uFF08\u968F\u540E\u4E0B\u4E00\u4E2A\u7B49\u5F85\u8005\u83B7\u5F97\u9501\uFF1B\u4E0D\u4F1A\u901A\u77E5\u5B83\u7684\u6240\u6709\u8005\uFF09\uFF1A",
  lpDelete: "\u5220\u9664\u8282\u70B9\uFF1A",
  lpRevokeButton: "\u8BF7\u6301\u6709\u8005\u653E\u624B\u2026",
  lpRevokeTitle: "\u8BF7 {node} \u7684\u6301\u6709\u8005\u653E\u624B\uFF1F",
  lpRevokeConfirm: "\u8BF7\u5B83\u653E\u624B",
  lpRevokeBusy: "\u8BF7\u6C42\u4E2D\u2026",
  lpRevokeDone: "\u5DF2\u8BF7\u6C42\u3002\u5982\u679C\u5B83\u7684\u5BA2\u6237\u7AEF\u653E\u624B\uFF0C\u4E0B\u4E00\u4E2A\u7B49\u5F85\u8005\u5C31\u4F1A\u5728\u8FD9\u91CC\u83B7\u5F97\u9501\u3002",
  lpRevokeText: "\u672C\u5DE5\u5177\u50CF Curator \u7684 {revoker} \u90A3\u6837\u628A {message} \u5199\u5165\u8282\u70B9\u3002Curator \u968F\u540E\u8C03\u7528\u6301\u6709\u8005\uFF08\u4F1A\u8BDD {session}\uFF09\u7684 {listener}\uFF1A\u7531\u5B83\u7684\u4EE3\u7801\u51B3\u5B9A\u662F\u5426\u91CA\u653E\u3002\u4E0D\u4F1A\u5220\u9664\u4EFB\u4F55\u4E1C\u897F\uFF0C\u4F46\u8282\u70B9\u7684\u6570\u636E\u4F1A\u88AB\u66FF\u6362\u3002",
  lpRevokeUnknown: "\u8FD9\u91CC\u4E0D\u77E5\u9053 ZooKeeper \u7684\u76D1\u542C\u60C5\u51B5\uFF1A\u5982\u679C\u6301\u6709\u8005\u6CA1\u6709\u628A\u9501\u8BBE\u4E3A\u53EF\u64A4\u9500\uFF0C\u5C31\u6CA1\u6709\u4EBA\u4F1A\u542C\u5230\u8FD9\u4E2A\u8BF7\u6C42\u3002",
  lpRevokeLogged: "\u672C\u5DE5\u5177\u4F1A\u8BB0\u5F55\u8FD9\u6B21\u8BF7\u6C42\u3002",
  lpBreakHolderButton: "\u5F3A\u5236\u89E3\u9501\uFF1A\u5220\u9664\u8FD9\u4E2A\u8282\u70B9\u2026",
  lpBreakButton: "\u5220\u9664\u8FD9\u4E2A\u8282\u70B9\u2026",
  lpBreakTitle: "\u5220\u9664 {node}\uFF1F",
  lpBreakConfirm: "\u5220\u9664\u8282\u70B9",
  lpBreakBusy: "\u5220\u9664\u4E2D\u2026",
  lpBreakDone: "\u5DF2\u5220\u9664 {node}\u3002",
  lpBreakHolderText: "ZooKeeper \u4F1A\u7ACB\u5373\u5220\u9664\u8FD9\u4E2A\u8282\u70B9\uFF0C\u4E0B\u4E00\u4E2A\u7B49\u5F85\u8005\u83B7\u5F97\u9501\u3002\u5B83\u7684\u6240\u6709\u8005{session}\u4E0D\u4F1A\u6536\u5230\u901A\u77E5\uFF1A\u5982\u679C\u5B83\u4ECD\u5728\u8FD0\u884C\uFF0C\u4F1A\u7EE7\u7EED\u4EE5\u4E3A\u81EA\u5DF1\u6301\u6709\u9501\u3002\u7528\u5B83\u7684\u9632\u62A4\u4EE4\u724C\uFF08czxid {czxid}\uFF09\u4FDD\u62A4\u7684\u5199\u5165\u53EF\u4EE5\u88AB\u62D2\u7EDD\u3002",
  lpBreakText: "ZooKeeper \u4F1A\u7ACB\u5373\u5220\u9664\u8FD9\u4E2A\u8282\u70B9\u3002\u5B83\u7684\u6240\u6709\u8005{session}\u4E0D\u4F1A\u6536\u5230\u901A\u77E5\uFF1A\u5982\u679C\u5B83\u4ECD\u5728\u8FD0\u884C\uFF0C\u4F1A\u7EE7\u7EED\u4EE5\u4E3A\u81EA\u5DF1\u5728\u7B49\u5F85\u3002\u7528\u5B83\u7684\u9632\u62A4\u4EE4\u724C\uFF08czxid {czxid}\uFF09\u4FDD\u62A4\u7684\u5199\u5165\u53EF\u4EE5\u88AB\u62D2\u7EDD\u3002",
  lpBreakSession: "\uFF08\u4F1A\u8BDD {session}\uFF09",
  lpBreakLogged: "\u672C\u5DE5\u5177\u4F1A\u8BB0\u5F55\u8FD9\u6B21\u5220\u9664\u3002",
  lpTokenLabel: "\u7BA1\u7406\u4EE4\u724C",
  lpSimulation: "\u6A21\u62DF",
  lpSimulated: "\u6A21\u62DF\u5BA2\u6237\u7AEF",
  lpSimElsewhere: "\u6A21\u62DF\u5BA2\u6237\u7AEF\u4ECE\u4E0D\u78B0\u8FD9\u4E2A\u9501\uFF1A\u5B83\u4EEC\u53EA\u5728 {root} \u4E4B\u4E0B\u8FD0\u884C\u3002\u60F3\u8BD5\u8BD5\u7684\u8BDD\uFF0C\u6253\u5F00 {twin}\uFF08\u5728\u4F60\u542F\u52A8\u5BA2\u6237\u7AEF\u4E4B\u524D\uFF0C\u5B83\u662F\u6C99\u7BB1\u91CC\u7684\u4E00\u4E2A\u7A7A\u9501\uFF09\uFF0C\u6216\u8005\u6253\u5F00{classroom}\u3002",
  lpStrategyHerd: "\u7F8A\u7FA4\uFF1A\u6BCF\u4E2A\u7B49\u5F85\u8005\u76D1\u542C\u7236\u8282\u70B9",
  lpStrategyChained: "\u94FE\u5F0F\uFF1Aexists \u76D1\u542C\uFF08ZooKeeper\uFF09",
  lpStrategyGetData: "\u94FE\u5F0F\uFF1AgetData \u76D1\u542C\uFF08Curator\uFF09",
  lpStrategySingle: "\u5355\u8282\u70B9\uFF1A\u6240\u6709\u4EBA\u5C1D\u8BD5\u521B\u5EFA\u540C\u4E00\u4E2A",
  lpStrategyRead: "\u8BFB\u9501",
  lpStrategyWrite: "\u5199\u9501",
  lpStrategySemaphore: "\u4FE1\u53F7\u91CF\uFF08Kazoo \u5E03\u5C40\uFF09",
  lpStrategyNoWatch: "\u6709\u7F3A\u9677\uFF1A\u4E0D\u8BBE\u7F6E\u76D1\u542C",
  lpRecipe: "\u914D\u65B9",
  lpContenders: "\u5BA2\u6237\u7AEF\u6570",
  lpHoldMs: "\u6301\u6709\uFF08\u6BEB\u79D2\uFF09",
  lpRounds: "\u8F6E\u6570\uFF080 = \u65E0\u9650\uFF09",
  lpThinkMs: "\u95F4\u9694\uFF08\u6BEB\u79D2\uFF09",
  lpSessionTimeout: "\u4F1A\u8BDD\u8D85\u65F6\uFF08\u6BEB\u79D2\uFF09",
  lpMaxLeases: "\u6700\u5927\u79DF\u7EA6\u6570",
  lpProtected: "\u53D7\u4FDD\u62A4\u7684\u8282\u70B9\u540D\uFF08\u521B\u5EFA\u7684\u56DE\u590D\u4E22\u5931\u540E\uFF0C\u53EF\u51ED GUID \u627E\u56DE\u8282\u70B9\uFF09",
  lpSpawn: "\u542F\u52A8 {n} \u4E2A",
  lpSpawning: "\u542F\u52A8\u4E2D\u2026",
  lpSpawned: "\u5DF2\u542F\u52A8 {n} \u4E2A",
  lpStopThese: "\u505C\u6B62\u8FD9\u4E9B",
  lpStopping: "\u505C\u6B62\u4E2D\u2026",
  lpStopped: "\u5DF2\u505C\u6B62\u8FD9\u4E2A\u9501\u7684\u6A21\u62DF\u5BA2\u6237\u7AEF",
  lpRunningHere: "\u5728\u8FD9\u4E2A\u9501\u4E2D\u8FD0\u884C",
  lpStateCount: "{n} \u4E2A{state}",
  lpAcquisitions: "\u83B7\u5F97\u9501\u6B21\u6570",
  lpNotifications: "\u901A\u77E5",
  lpWasted: "\u65E0\u6548\u5524\u9192",
  lpViolations: "\u8FDD\u89C4"
};

// lib/i18n/messages.ts
var en = {
  language: "Language",
  title: "Classroom: the herd against the chain",
  classroom: "Classroom",
  present: "Presenter view",
  presentHint: "P: presenter view (hides the page header and the introduction, for a projector)",
  lead: "Two queues of the same size take turns on the same ZooKeeper. On the left every waiter watches the lock's children (a herd): each release wakes them all. On the right each waiter watches only the node before it (ZooKeeper's recipe): each release wakes one. Every number here comes from the contenders' own counters or from ZooKeeper's mntr.",
  watchFor: "What to watch: on the left every release lights up every waiter, on the right just one. The left\u2019s count grows with the square of the queue, the right\u2019s with its length.",
  contenders: "Contenders per queue",
  interval: "Release every (ms)",
  start: "Run",
  starting: "Preparing\u2026",
  pause: "Pause",
  resume: "Resume",
  step: "Release one",
  reset: "Reset",
  keys: "Keys: Space run or pause \xB7 \u2192 release one \xB7 R reset \xB7 P presenter view",
  preparing: "Starting {n} contenders per queue\u2026",
  ready: "Ready: {n} contenders wait in each queue. Release one at a time with \u2192, or run.",
  running: "Running: one release on each side every {ms} ms.",
  paused: "Paused. Release one at a time with \u2192, or resume.",
  drained: "Both queues drained.",
  idle: "Press Run: each queue gets its contenders, real ZooKeeper clients with sessions of their own.",
  simulationOff: "The classroom needs simulated contenders: run the explorer on its embedded ZooKeeper, or set ALLOW_SIMULATION=1.",
  herdTitle: "Herd: every waiter watches the children",
  chainTitle: "Chain: each waiter watches its predecessor",
  releases: "Releases",
  notifications: "Notifications",
  perRelease: "Per release",
  theory: "theory {value}",
  theoryHerd: "theory {value}, +1 per release",
  raceHerd: "herd",
  raceChain: "chain",
  guessQuestion: "Your guess: how many notifications will the herd deliver for N = {n}?",
  guessReveal: "You guessed {guess}; the herd delivered {actual}. Theory: N(N\u22121)/2 + (N\u22121) = {theory}.",
  wasted: "Wasted wake-ups",
  queueDone: "Every contender has had the lock and gone: {releases} releases, {notifications} notifications.",
  getChildren: "getChildren calls",
  childBytes: "Child-name bytes read",
  joining: "While the queue formed: {n} notifications (not counted above).",
  zkTitle: "ZooKeeper\u2019s own count (mntr)",
  zkChildren: "Watchers fired by child changes",
  zkDeleted: "Watchers fired by deletions",
  zkNote: "Since the run started, on every member. Child changes include the explorer\u2019s own watch on each lock, one per change.",
  zkOthers: "ZooKeeper counts the whole ensemble: {n} other simulated contenders are running now, and their watches are in these figures too. Stop them for this run\u2019s own count.",
  zkUnavailable: "ZooKeeper does not report its watch counts here (mntr is not allowed, or not asked yet).",
  chartTitle: "Notifications delivered against releases",
  chartAxisX: "releases",
  chartAxisY: "notifications",
  chartHerd: "herd",
  chartChain: "chain",
  chartTheory: "theory",
  chartLabel: "Chart: after {herdReleases} releases the herd delivered {herd} notifications (theory {herdTheory}); after {chainReleases} the chain delivered {chain} (theory {chainTheory}).",
  failed: "It did not work: {error}",
  scenarios: "Scenarios",
  scenarioHerdTitle: "1 \xB7 Herd against chain",
  scenarioSingleTitle: "2 \xB7 One node for everyone",
  scenarioSingleCaption: "One node for everyone: every contender tries to create the same ephemeral node and watches it. Each release wakes all of them (a herd on one node), and the next holder is whoever is fastest, not whoever came first.",
  scenarioCrashTitle: "3 \xB7 The holder crashes",
  scenarioCrashCaption: "Crash the holder\u2019s process. Its ephemeral node stays until ZooKeeper expires the session (6 s here), so nobody else holds meanwhile; then the node goes by itself and the next waiter holds. The lock never stays stuck for ever.",
  scenarioLostTitle: "4 \xB7 A create whose reply is lost",
  scenarioLostCaption: "The next create reaches ZooKeeper but its reply is lost. Without a GUID in the name the client cannot find its node, creates another, and waits behind its own orphan for ever. With a GUID (Curator\u2019s protection) it finds the node it made and carries on.",
  scenarioPauseTitle: "5 \xB7 A GC pause longer than the session",
  scenarioPauseCaption: "The holder stops for 8 s, longer than its 3 s session. ZooKeeper expires it and the next waiter holds, while the paused one still believes it holds: two holders. Their fencing tokens (czxid) tell the stale one from the new one.",
  scenarioRwTitle: "6 \xB7 A read-write lock",
  scenarioRwCaption: "Readers waiting together hold together; a writer waits for every reader before it, and the readers after a writer wait for it.",
  scenarioStuckTitle: "7 \xB7 A waiter that watches nothing",
  scenarioStuckCaption: "One contender joins the queue but sets no watch: when its turn comes nobody tells it, and everyone behind it waits for ever. The explorer\u2019s diagnostics name it.",
  run: "Run",
  faultCrash: "Crash the holder",
  faultLoseCreate: "Lose the next create reply",
  faultPause: "Pause the holder for 8 s",
  holding: "Holding",
  anomalies: "Found by the diagnostics",
  noAnomalies: "Nothing wrong yet.",
  violations: "Two holders at once",
  contender: "Contender",
  state: "State",
  believes: "believes it holds",
  acquisitions: "Acquisitions",
  timeline: "Timeline",
  timelineAt: "Change {i} of {n} \xB7 {time}",
  timelineLive: "Live",
  timelineReplay: "Replay",
  timelineEmpty: "Every change is recorded here once the queues have formed; drag back to see any moment again.",
  stateConnecting: "connecting",
  stateWaiting: "waiting",
  stateHolding: "holding",
  stateDone: "done",
  stateCrashed: "crashed",
  stateExpired: "session expired",
  statePaused: "paused",
  stateClosed: "closed",
  sweep: "Drain queues of N = {sizes}",
  sweepTitle: "Notifications to drain a whole queue, against its length N",
  sweepAxisX: "contenders in the queue (N)",
  sweepRunning: "Draining a herd and a chain of {n}\u2026",
  sweepResult: "N = {n}: herd {herd}, chain {chain}",
  sweepIdle: "One press drains a herd and a chain of each length in turn: the herd\u2019s cost grows with the square of N, the chain\u2019s with N.",
  sweepNote: "The herd\u2019s count runs N\u22121 above N(N\u22121)/2: each holder\u2019s own children watch, still armed from its last look at the queue, fires when it deletes its node.",
  navViews: "Views",
  navLocks: "Locks",
  navSessions: "Sessions",
  navWaitsFor: "Waits-for",
  navClassroom: "Classroom",
  themeToDark: "Switch to dark theme",
  themeToLight: "Switch to light theme",
  bannerConnecting: "Connecting to the explorer\u2026",
  bannerLost: "Lost the explorer at {time}; reconnecting. What is shown may be stale.",
  bannerWaiting: "Waiting for the ZooKeeper status\u2026",
  bannerLive: "Live \xB7 ZooKeeper {connect}{embedded}",
  bannerEmbedded: " (embedded)",
  bannerReadOnly: "read-only",
  bannerDown: "ZooKeeper {state} since {time} ({ago} ago); data may be stale.",
  bannerSession: "session {id}",
  replayLabel: "Replay of ZooKeeper\u2019s files",
  replayTitle: "Replay",
  replayTitlePast: "A past moment",
  replayBackToLive: "Back to live",
  replayBackToLiveTitle: "Leave this moment and follow ZooKeeper live again",
  lpTravel: "\u25C0 Go back in time",
  lpSimPast: "Nothing can be done to a past moment: go back to live to change anything.",
  lpTravelTitle: "Show every page at a past moment, read from ZooKeeper\u2019s own files",
  replaySpan: "{from} \u2013 {to} \xB7 {count} transactions \xB7 read-only, no ZooKeeper connected",
  replaySpanPast: "{from} \u2013 {to} \xB7 {count} transactions \xB7 read-only: ZooKeeper\u2019s files, followed as it writes them",
  replayEmpty: "The files hold no transaction: there is no moment to show.",
  replayStopped: "Read up to {zxid} only: {reason}",
  replayPlayback: "Moment",
  replayPlay: "\u25B6 Play",
  replayPause: "\u275A\u275A Pause",
  replayPrevious: "\u2039 Previous change",
  replayNext: "Next change \u203A",
  replayPreviousTitle: "This lock\u2019s change before the moment ([)",
  replayNextTitle: "This lock\u2019s change after the moment (])",
  replaySpeed: "Speed",
  replaySlider: "Moment in the files (arrows: 1% of the span, Page Up/Down: 10%)",
  replayChanges: "{n} changes of this lock",
  replayZxid: "zxid {zxid}",
  replayAfter: "after zxid {zxid} at {time}",
  replayGoTo: "Go to",
  replayGoToHint: "03:12:05, 2026-11-25 03:12 or 0x1a2b",
  replayGo: "Go",
  replayGoToBad: "Not a moment: write a time (03:12:05), a date and a time, or a zxid (0x\u2026).",
  replayNoWatches: "ZooKeeper\u2019s files do not record watches: the dashed lines are the ones the recipe sets.",
  zkStateConnecting: "connecting",
  zkStateConnected: "connected",
  zkStateReadOnly: "read-only",
  zkStateDisconnected: "disconnected",
  zkStateExpired: "expired",
  zkStateAuthFailed: "auth-failed",
  zkStateTlsFailed: "tls-failed",
  zkStateClosed: "closed",
  diagramLabelOne: "Lock queue: 1 node",
  diagramLabel: "Lock queue: {n} nodes",
  cardHolds: "HOLDS",
  cardHoldsLock: "HOLDS THE LOCK",
  cardHoldsLease: "HOLDS A LEASE",
  cardWaiting: "WAITING \xB7 #{n}",
  cardCreated: "created {ago} ago",
  cardHeld: "held {duration}",
  cardWaitingFor: "waiting {duration}",
  cardPersistent: "persistent: survives its owner",
  nodeHolds: "{name}: holds the lock",
  nodeWaits: "{name}: waiting, number {n} in the queue",
  edgeConfirmed: "{from} watches {to} (ZooKeeper confirms)",
  edgeMissing: "{from} should watch {to}, but ZooKeeper reports no such watch",
  edgeExpected: "{from} watches {to} (as its recipe says)",
  edgeGroup: "{n} readers watch {to}; they will hold it together",
  edgeHerd: "{n} waiters watch the children of {to}: any change wakes them all",
  parentWatch: "{path} \xB7 children watched by {n}",
  parentWatchOne: "{path} \xB7 children watched by 1",
  groupReaders: "{n} readers share",
  groupHolders: "{n} hold together",
  kindPersistentNode: "Persistent node",
  kindOrphan: "Orphan",
  kindWrongWatch: "Wrong watch",
  kindNoWatch: "Watches nothing",
  kindHerd: "Herd",
  kindSequenceWrap: "Wrapped sequence",
  kindStaleHolder: "Stale holder",
  kindHolderDisconnected: "Holder disconnected",
  kindDeadlock: "Deadlock",
  anomalyDeadlock: "session {session} waits here for {holder}, which waits in {locks}: the {n} sessions of this cycle each hold what the next one waits for, and none will go on until one of them is ended",
  anomalyPersistentNode: "{node} is not ephemeral: it survives its owner's crash and holds up the queue until someone deletes it",
  anomalyOrphan: "{node} and {other} belong to one owner ({owner}): a create retried after a lost reply leaves such a duplicate, and the owner may wait on its own node for ever",
  anomalyOrphans: "{node} and {count} more nodes belong to one owner ({owner}): a create retried after a lost reply leaves such a duplicate, and the owner may wait on its own node for ever",
  anomalyWrongWatch: "{node} watches {actual}, not {expected} as its recipe says: it may wake too late or never",
  anomalyNoWatch: "{node} waits, but ZooKeeper reports no watch of its session on {expected}: it watches nothing, or only the parent\u2019s children (ZooKeeper does not report child watches). If nothing, no release will ever wake it",
  anomalyHerd: "all {n} waiters watch the children of {path}: every change wakes every one of them ({n} notifications per release where a chained lock needs 1). {evidence}",
  anomalySequenceWrap: "{n} node(s) have sequences past 2^31-1 (wrapped to negative): clients that sort by number and clients that sort by text disagree on the order",
  anomalyStaleHolder: "{node} has held the lock for more than {seconds} s: a stuck or paused holder?",
  anomalyHolderDisconnected: "{node} holds the lock, but its session {session} has no connection to ZooKeeper (a crashed or cut-off client): every waiter waits until ZooKeeper expires the session and deletes the node, at {at}.",
  homeTitle: "See who holds a ZooKeeper lock, and who waits behind whom",
  homeLead: "Open a lock parent to watch its queue live: the holder, every waiter in order, and the node each waiter is watching.",
  homeLeadReplay: "Open a lock parent to see its queue at the moment shown above, as ZooKeeper\u2019s files tell it: the holder, every waiter in order, and the node each waiter is to watch by its recipe.",
  openLockLabel: "Lock path",
  openLockButton: "Open",
  openLockHint: "The znode whose children are the lock's contenders, e.g. a Curator or Kazoo lock path.",
  locksUnder: "Locks under {roots}",
  lookingForLocks: "Looking for locks\u2026",
  waitingForZk: "Waiting for ZooKeeper ({state}, see above) before looking for locks\u2026",
  sortAttention: "Most urgent first",
  sortAttentionTitle: "Deadlocked first, then held by a disconnected session, then other anomalies, then the longest waits, then held, then free",
  filterLabel: "Filter locks",
  filterPlaceholder: "Filter: path, recipe, client, session (/)",
  filterTitle: "Every word must match the lock's path, recipe, system or role, its holder as its system names it, or the holder's client address or session. Press / to come here; Enter opens the first lock shown, Escape clears.",
  filterEmpty: "No lock matches \u201C{filter}\u201D.",
  noLocksTitle: "No locks under {roots} yet",
  noLocksText: "Locks appear here the moment a client creates one. Run your clients, spawn simulated contenders on a lock below {sim}, or point {env} elsewhere.",
  colLock: "Lock",
  colRecipe: "Recipe",
  colHolder: "Holder",
  colHeldFor: "Held for",
  colWaiting: "Waiting",
  colOldestWait: "Oldest wait",
  colHandovers: "Handovers / min",
  colWaitP99: "p99 wait",
  colAnomalies: "Anomalies",
  colQueue: "Queue, recent",
  rowDeadlock: "deadlock",
  rowDeadlockTitle: "Part of a deadlock: open the lock to see the cycle",
  rowHolderDisconnected: "holder disconnected",
  rowHolderDisconnectedTitle: "Its holder's session has no connection: nobody gets the lock until ZooKeeper expires it",
  handoversTitle: "Holds that began per minute, over the last five minutes",
  waitP99Title: "The 99th percentile of the waits that ended in a hold, over the last five minutes",
  sparklineLabel: "queue length of {path} over the last updates",
  holderFree: "free",
  holderPersistent: "persistent node",
  holderSession: "session {id}",
  clientUnknown: "client unknown",
  scanLabel: "Scan of the tree",
  discLocksOne: "1 lock",
  discLocks: "{n} locks",
  discZnodesRead: "{n} znodes read",
  discProgress: "{percent}% \xB7 {read} of about {total} znodes",
  discPartial: "Partial: {reason}.",
  discRefused: "No ZooKeeper member would list its ephemeral nodes ({reason}): locks are found by reading the whole tree, {rate} znodes a second. Whitelist dump, or open the AdminServer (ZK_ADMIN_PORT), to find them at once.",
  discDumpRefused: "dump refused",
  discChildWatches: "ZooKeeper refused a persistent recursive watch: new locks are noticed through a child watch on every znode read.",
  discSourceAdmin: "AdminServer",
  discSourceFourLetter: "four-letter word",
  discFromEphemerals: "from {n} ephemeral nodes (dump of {server}, {source})",
  discFromNoEphemerals: "from the ephemeral nodes (dump of {server}, {source}: none at the start, new ones seen live)",
  discListing: "Listing the ephemeral nodes of every session (dump)\u2026",
  discScanningWithEphemerals: "scanning for locks without a live contender",
  discScanningSoFar: "{count} so far",
  discScanningTree: "scanning the tree",
  discScanRead: "the scan read {n} znodes{took}{ago}",
  discScanReadOne: "the scan read 1 znode{took}{ago}",
  discTook: " in {duration}",
  discAgo: ", {duration} ago",
  discScanCapped: "the scan stopped at {n} znodes",
  discByScan: "by the scan",
  discFromFiles: "from ZooKeeper's transaction log and snapshots, {n} znodes",
  sessionsTitle: "Sessions",
  sessionsLead: "Every ZooKeeper session that owns nodes in the locks found: what it holds, what it waits for, where it connects from and which nodes it watches. This explorer\u2019s own session comes last.",
  originExplorerTitle: "The explorer\u2019s own session: it watches lock parents\u2019 children, which ZooKeeper\u2019s wchc does not list",
  originSimulatedTitle: "A contender the explorer simulates",
  originExplorer: "this explorer",
  originSimulated: "simulated",
  silentTitle: "ZooKeeper keeps the session but no member has a connection for it: a crashed or cut-off client. Its nodes stay until ZooKeeper expires it.",
  noConnection: "no connection",
  expiresNow: "expires now",
  expiresIn: "expires in {duration}",
  renewed: "renewed",
  renewedTitle: "ZooKeeper heard from it lately: its deadline moved on",
  countingTitle: "Unless ZooKeeper hears from it first",
  countNow: "now",
  countIn: "in {duration}",
  filterWord: "Filter",
  sessionFilterPlaceholder: "session id, client, lock or node",
  pageRange: "{from}\u2013{to} of {total}",
  pagePrevious: "Previous",
  pageNext: "Next",
  answerUnexpected: "the explorer answered with something unexpected",
  answerUnreachable: "the explorer could not be reached",
  readingSessions: "Reading sessions\u2026",
  noSessionTitle: "No session owns a lock node",
  noSessionText: "Sessions appear here as soon as a client creates a node in a lock under the roots.",
  noSessionMatch: "No session matches \u201C{filter}\u201D",
  flagDeadlocked: "{n} deadlocked",
  flagSilent: "{n} without a connection (ZooKeeper keeps their nodes until it expires them)",
  flaggedFirst: "{flags}: listed first.",
  colSession: "Session",
  colClient: "Client",
  colHolds: "Holds",
  colWaits: "Waits",
  colLockNodes: "Lock nodes",
  colDataWatches: "Data watches",
  colEphemerals: "Ephemerals",
  colEphemeralsTitle: "Ephemeral nodes it owns anywhere (ZooKeeper\u2019s dump)",
  colExpires: "Expires",
  colExpiresTitle: "When ZooKeeper expires it unless it is heard from (dump, on the leader)",
  persistentOwner: "none (persistent nodes)",
  sessionDeadlockTitle: "It waits, in a lock, for a session that waits for it: see the waits-for graph",
  noneWord: "none",
  roleHolds: "holds",
  roleWaits: "waits",
  moreNodes: "and {n} more (filter by a lock to find one)",
  watchesUnknownTitle: "ZooKeeper was not asked, or does not allow wchc",
  unknownWord: "unknown",
  moreWatches: "and {n} more",
  waitsTitle: "Who waits for whom",
  waitsLead: "Every session that holds a lock, and the sessions waiting for it, across every lock the explorer follows. A cycle is a deadlock: none of its sessions will ever go on by itself.",
  waitsGraphName: "Waits-for graph",
  waitsGraphLabel: "Waits-for graph: {sessions} sessions that hold locks, {groups} groups of waiters, {deadlocks} deadlocks",
  waitsEdgeGroup: "{n} waiters wait in {lock} for {to}",
  waitsEdgeSession: "{from} waits in {lock} for {to}",
  waitsGroupAria: "{n} waiters in {lock} that hold no lock",
  waitsSessionAria: "session {id}",
  waitsFrom: " from {client}",
  waitsDeadlockedAria: ", deadlocked",
  waitersOne: "1 waiter",
  waitersMany: "{n} waiters",
  listSeparator: ", ",
  ghostNoToken: "it has no token to present",
  ghostNobody: "token {token}; nobody holds now",
  ghostFenced: "token {token} < holder\u2019s {holder}: fenced off",
  ghostNewer: "token {token} \u2265 holder\u2019s {holder}",
  ghostTitle: "{id} (session {session}) still believes it holds the lock, but ZooKeeper gave it to someone else. {verdict}.",
  ghostRole: "BELIEVES IT HOLDS",
  ghostPaused: " \xB7 PAUSED",
  outsideTitleOne: "1 session without a node here watches this node: {sessions}",
  outsideTitle: "{n} sessions without a node here watch this node: {sessions}",
  outsideCountOne: "1 watches it",
  outsideCount: "{n} watch it",
  silentNow: "no connection \xB7 expiring now",
  silentIn: "no connection \xB7 expires in {duration}",
  silentAria: "; its session has no connection, ZooKeeper expires it in {duration}",
  palTitle: "Command palette",
  palOpenTitle: "Command palette (Ctrl+K)",
  palPrompt: "Go to a lock or a page, or act on the selected node",
  palCommands: "Commands",
  palNothing: "Nothing matches \u201C{query}\u201D",
  palKeys: "\u2191\u2193 choose \xB7 Enter go \xB7 Esc close",
  palOpen: "Open {path}",
  palLocks: "Locks: every lock found",
  palSessions: "Sessions: who owns what",
  palWaitsFor: "Waits-for: who waits for whom, deadlocks",
  palClassroom: "Classroom: the herd against the chain",
  palHintPage: "page",
  palHintLock: "lock",
  palHintPath: "path",
  palHintNode: "node",
  palHintFault: "fault",
  minimapLabel: "The whole queue: click to go there",
  selectedLabel: "Selected",
  closeLabel: "Close",
  waitsSessionHeading: "Session {id}",
  waitsIn: "Waits in",
  nothingWord: "nothing",
  onCycle: "On a deadlock cycle: it waits for a session that waits for it.",
  openInSessions: "Open in the sessions table",
  groupHeadingOne: "1 waiter that holds nothing",
  groupHeading: "{n} waiters that hold nothing",
  groupIn: "In {lock}: each waits for the lock\u2019s holder.",
  readingWaits: "Reading who waits for whom\u2026",
  deadlocksHeading: "Deadlocks",
  cycleOf: "{n} sessions wait on one another; a cycle through them, {steps} steps:",
  noCycle: "No cycle: every session that waits is waiting for one that can go on.",
  stepWaits: "{session}{client} waits in {lock} for {holder}",
  onlyCycles: "Only the sessions on a cycle",
  legendSessionsOne: "1 session holds locks",
  legendSessions: "{n} sessions hold locks",
  legendGroups: "; {n} waiters that hold nothing are drawn as one box per lock",
  legendRest: ". An arrow goes from a waiter to the session holding the lock it waits in; red arrows close a cycle. Select a mark (click, tap, or Tab and Enter) for its session, client and locks.",
  omittedText: "To stay readable the picture draws every session on a cycle and the busiest locks: {locks}, {sessions} and {groups} are left out. The {sessionsLink} page lists them all.",
  omittedLocksOne: "1 quieter lock",
  omittedLocks: "{n} quieter locks",
  omittedSessionsOne: "1 session",
  omittedSessions: "{n} sessions",
  omittedGroupsOne: "1 group of waiters",
  omittedGroups: "{n} groups of waiters",
  sessionsLinkWord: "sessions",
  layingOut: "Laying out\u2026",
  noHolderTitle: "Nobody holds a lock right now",
  noHolderText: "Sessions appear here as soon as one holds a lock the explorer follows (every lock under its roots, and every lock page open).",
  ...LOCK_PAGE_EN
};
var zh = {
  language: "\u8BED\u8A00",
  title: "\u8BFE\u5802\uFF1A\u7F8A\u7FA4\u6548\u5E94\u4E0E\u94FE\u5F0F\u76D1\u542C",
  classroom: "\u8BFE\u5802",
  present: "\u6F14\u793A\u89C6\u56FE",
  presentHint: "P\uFF1A\u6F14\u793A\u89C6\u56FE\uFF08\u9690\u85CF\u9875\u5934\u548C\u4ECB\u7ECD\uFF0C\u9002\u5408\u6295\u5F71\uFF09",
  lead: "\u4E24\u4E2A\u540C\u6837\u957F\u7684\u961F\u5217\u5728\u540C\u4E00\u4E2A ZooKeeper \u4E0A\u8F6E\u6D41\u83B7\u53D6\u9501\u3002\u5DE6\u8FB9\u6BCF\u4E2A\u7B49\u5F85\u8005\u90FD\u76D1\u542C\u9501\u8282\u70B9\u7684\u5B50\u8282\u70B9\uFF08\u7F8A\u7FA4\uFF09\uFF1A\u6BCF\u6B21\u91CA\u653E\u90FD\u4F1A\u5524\u9192\u6240\u6709\u4EBA\u3002\u53F3\u8FB9\u6BCF\u4E2A\u7B49\u5F85\u8005\u53EA\u76D1\u542C\u5B83\u524D\u9762\u7684\u8282\u70B9\uFF08ZooKeeper \u5B98\u65B9\u505A\u6CD5\uFF09\uFF1A\u6BCF\u6B21\u91CA\u653E\u53EA\u5524\u9192\u4E00\u4E2A\u3002\u9875\u9762\u4E0A\u7684\u6BCF\u4E2A\u6570\u5B57\u90FD\u6765\u81EA\u6A21\u62DF\u5BA2\u6237\u7AEF\u81EA\u5DF1\u7684\u8BA1\u6570\u5668\u6216 ZooKeeper \u7684 mntr\u3002",
  watchFor: "\u770B\u4EC0\u4E48\uFF1A\u5DE6\u8FB9\u6BCF\u6B21\u91CA\u653E\u90FD\u4F1A\u70B9\u4EAE\u6240\u6709\u7B49\u5F85\u8005\uFF0C\u53F3\u8FB9\u53EA\u70B9\u4EAE\u4E00\u4E2A\u3002\u5DE6\u8FB9\u7684\u901A\u77E5\u6570\u968F\u961F\u5217\u957F\u5EA6\u7684\u5E73\u65B9\u589E\u957F\uFF0C\u53F3\u8FB9\u968F\u957F\u5EA6\u7EBF\u6027\u589E\u957F\u3002",
  contenders: "\u6BCF\u4E2A\u961F\u5217\u7684\u5BA2\u6237\u7AEF\u6570",
  interval: "\u91CA\u653E\u95F4\u9694\uFF08\u6BEB\u79D2\uFF09",
  start: "\u8FD0\u884C",
  starting: "\u51C6\u5907\u4E2D\u2026",
  pause: "\u6682\u505C",
  resume: "\u7EE7\u7EED",
  step: "\u91CA\u653E\u4E00\u6B21",
  reset: "\u91CD\u7F6E",
  keys: "\u5FEB\u6377\u952E\uFF1A\u7A7A\u683C \u8FD0\u884C\u6216\u6682\u505C \xB7 \u2192 \u91CA\u653E\u4E00\u6B21 \xB7 R \u91CD\u7F6E \xB7 P \u6F14\u793A\u89C6\u56FE",
  preparing: "\u6B63\u5728\u4E3A\u6BCF\u4E2A\u961F\u5217\u542F\u52A8 {n} \u4E2A\u5BA2\u6237\u7AEF\u2026",
  ready: "\u5C31\u7EEA\uFF1A\u6BCF\u4E2A\u961F\u5217\u6709 {n} \u4E2A\u5BA2\u6237\u7AEF\u5728\u7B49\u5F85\u3002\u6309 \u2192 \u9010\u4E2A\u91CA\u653E\uFF0C\u6216\u8FD0\u884C\u3002",
  running: "\u8FD0\u884C\u4E2D\uFF1A\u6BCF {ms} \u6BEB\u79D2\u4E24\u8FB9\u5404\u91CA\u653E\u4E00\u6B21\u3002",
  paused: "\u5DF2\u6682\u505C\u3002\u6309 \u2192 \u4E00\u6B21\u91CA\u653E\u4E00\u4E2A\uFF0C\u6216\u7EE7\u7EED\u8FD0\u884C\u3002",
  drained: "\u4E24\u4E2A\u961F\u5217\u90FD\u5DF2\u6E05\u7A7A\u3002",
  idle: "\u6309\u201C\u8FD0\u884C\u201D\uFF1A\u6BCF\u4E2A\u961F\u5217\u90FD\u4F1A\u5F97\u5230\u81EA\u5DF1\u7684\u5BA2\u6237\u7AEF\uFF0C\u5B83\u4EEC\u662F\u62E5\u6709\u72EC\u7ACB\u4F1A\u8BDD\u7684\u771F\u5B9E ZooKeeper \u5BA2\u6237\u7AEF\u3002",
  simulationOff: "\u8BFE\u5802\u9700\u8981\u6A21\u62DF\u5BA2\u6237\u7AEF\uFF1A\u8BF7\u8BA9 zk-lock-explorer \u4F7F\u7528\u5185\u5D4C\u7684 ZooKeeper\uFF0C\u6216\u8BBE\u7F6E ALLOW_SIMULATION=1\u3002",
  herdTitle: "\u7F8A\u7FA4\uFF1A\u6BCF\u4E2A\u7B49\u5F85\u8005\u76D1\u542C\u5B50\u8282\u70B9",
  chainTitle: "\u94FE\u5F0F\uFF1A\u6BCF\u4E2A\u7B49\u5F85\u8005\u76D1\u542C\u524D\u4E00\u4E2A\u8282\u70B9",
  releases: "\u91CA\u653E\u6B21\u6570",
  notifications: "\u901A\u77E5",
  perRelease: "\u6BCF\u6B21\u91CA\u653E",
  theory: "\u7406\u8BBA\u503C {value}",
  theoryHerd: "\u7406\u8BBA\u503C {value}\uFF0C\u6BCF\u6B21\u91CA\u653E +1",
  raceHerd: "\u7F8A\u7FA4",
  raceChain: "\u94FE\u5F0F",
  guessQuestion: "\u5148\u731C\u4E00\u731C\uFF1AN = {n} \u65F6\u7F8A\u7FA4\u4F1A\u6536\u5230\u591A\u5C11\u6B21\u901A\u77E5\uFF1F",
  guessReveal: "\u4F60\u731C\u7684\u662F {guess}\uFF1B\u7F8A\u7FA4\u5B9E\u9645\u6536\u5230 {actual} \u6B21\u3002\u7406\u8BBA\u503C\uFF1AN(N\u22121)/2 + (N\u22121) = {theory}\u3002",
  wasted: "\u65E0\u6548\u5524\u9192",
  queueDone: "\u6BCF\u4E2A\u7ADE\u4E89\u8005\u90FD\u5DF2\u62FF\u5230\u9501\u5E76\u79BB\u5F00\uFF1A{releases} \u6B21\u91CA\u653E\uFF0C{notifications} \u6B21\u901A\u77E5\u3002",
  getChildren: "getChildren \u8C03\u7528",
  childBytes: "\u8BFB\u53D6\u7684\u5B50\u8282\u70B9\u540D\u5B57\u8282\u6570",
  joining: "\u6392\u961F\u5F62\u6210\u671F\u95F4\uFF1A{n} \u6B21\u901A\u77E5\uFF08\u4E0D\u8BA1\u5165\u4E0A\u9762\u7684\u6570\u5B57\uFF09\u3002",
  zkTitle: "ZooKeeper \u81EA\u5DF1\u7684\u7EDF\u8BA1\uFF08mntr\uFF09",
  zkChildren: "\u5B50\u8282\u70B9\u53D8\u5316\u89E6\u53D1\u7684\u76D1\u542C",
  zkDeleted: "\u5220\u9664\u89E6\u53D1\u7684\u76D1\u542C",
  zkNote: "\u81EA\u672C\u6B21\u8FD0\u884C\u5F00\u59CB\uFF0C\u6240\u6709\u6210\u5458\u5408\u8BA1\u3002\u5B50\u8282\u70B9\u53D8\u5316\u5305\u62EC\u672C\u5DE5\u5177\u81EA\u8EAB\u5BF9\u6BCF\u4E2A\u9501\u7684\u76D1\u542C\uFF1A\u6BCF\u6B21\u53D8\u5316\u4E00\u6B21\u3002",
  zkOthers: "ZooKeeper \u7EDF\u8BA1\u7684\u662F\u6574\u4E2A\u96C6\u7FA4\uFF1A\u73B0\u5728\u8FD8\u6709 {n} \u4E2A\u5176\u4ED6\u6A21\u62DF\u5BA2\u6237\u7AEF\u5728\u8FD0\u884C\uFF0C\u5B83\u4EEC\u7684\u76D1\u542C\u4E5F\u8BA1\u5165\u8FD9\u4E9B\u6570\u5B57\u3002\u505C\u6B62\u5B83\u4EEC\u5373\u53EF\u5F97\u5230\u672C\u6B21\u8FD0\u884C\u81EA\u5DF1\u7684\u8BA1\u6570\u3002",
  zkUnavailable: "ZooKeeper \u5728\u8FD9\u91CC\u4E0D\u62A5\u544A\u76D1\u542C\u7EDF\u8BA1\uFF08\u4E0D\u5141\u8BB8 mntr\uFF0C\u6216\u5C1A\u672A\u8BE2\u95EE\uFF09\u3002",
  chartTitle: "\u5DF2\u9001\u8FBE\u7684\u901A\u77E5\u6570\u4E0E\u91CA\u653E\u6B21\u6570",
  chartAxisX: "\u91CA\u653E\u6B21\u6570",
  chartAxisY: "\u901A\u77E5\u6570",
  chartHerd: "\u7F8A\u7FA4",
  chartChain: "\u94FE\u5F0F",
  chartTheory: "\u7406\u8BBA",
  chartLabel: "\u56FE\u8868\uFF1A\u7F8A\u7FA4\u5728 {herdReleases} \u6B21\u91CA\u653E\u540E\u9001\u8FBE {herd} \u6B21\u901A\u77E5\uFF08\u7406\u8BBA {herdTheory}\uFF09\uFF1B\u94FE\u5F0F\u5728 {chainReleases} \u6B21\u91CA\u653E\u540E\u9001\u8FBE {chain} \u6B21\uFF08\u7406\u8BBA {chainTheory}\uFF09\u3002",
  failed: "\u64CD\u4F5C\u5931\u8D25\uFF1A{error}",
  scenarios: "\u573A\u666F",
  scenarioHerdTitle: "1 \xB7 \u7F8A\u7FA4\u4E0E\u94FE\u5F0F",
  scenarioSingleTitle: "2 \xB7 \u6240\u6709\u4EBA\u4E89\u4E00\u4E2A\u8282\u70B9",
  scenarioSingleCaption: "\u6240\u6709\u4EBA\u5171\u7528\u4E00\u4E2A\u8282\u70B9\uFF1A\u6BCF\u4E2A\u5BA2\u6237\u7AEF\u90FD\u5C1D\u8BD5\u521B\u5EFA\u540C\u4E00\u4E2A\u4E34\u65F6\u8282\u70B9\u5E76\u76D1\u542C\u5B83\u3002\u6BCF\u6B21\u91CA\u653E\u90FD\u4F1A\u5524\u9192\u6240\u6709\u4EBA\uFF08\u4E00\u4E2A\u8282\u70B9\u4E0A\u7684\u7F8A\u7FA4\uFF09\uFF0C\u4E0B\u4E00\u4E2A\u6301\u6709\u8005\u662F\u6700\u5FEB\u7684\u90A3\u4E2A\uFF0C\u800C\u4E0D\u662F\u6700\u5148\u6765\u7684\u90A3\u4E2A\u3002",
  scenarioCrashTitle: "3 \xB7 \u6301\u6709\u8005\u5D29\u6E83",
  scenarioCrashCaption: "\u8BA9\u6301\u6709\u8005\u8FDB\u7A0B\u5D29\u6E83\u3002\u5B83\u7684\u4E34\u65F6\u8282\u70B9\u4E00\u76F4\u4FDD\u7559\u5230 ZooKeeper \u8BA9\u4F1A\u8BDD\u8FC7\u671F\uFF08\u8FD9\u91CC\u662F 6 \u79D2\uFF09\uFF0C\u671F\u95F4\u6CA1\u6709\u4EBA\u80FD\u6301\u6709\u9501\uFF1B\u4E4B\u540E\u8282\u70B9\u81EA\u52A8\u6D88\u5931\uFF0C\u4E0B\u4E00\u4E2A\u7B49\u5F85\u8005\u83B7\u5F97\u9501\u3002\u9501\u4E0D\u4F1A\u6C38\u8FDC\u5361\u4F4F\u3002",
  scenarioLostTitle: "4 \xB7 \u521B\u5EFA\u8BF7\u6C42\u7684\u56DE\u590D\u4E22\u5931",
  scenarioLostCaption: "\u4E0B\u4E00\u6B21\u521B\u5EFA\u8BF7\u6C42\u5230\u8FBE\u4E86 ZooKeeper\uFF0C\u4F46\u56DE\u590D\u4E22\u5931\u4E86\u3002\u8282\u70B9\u540D\u4E2D\u6CA1\u6709 GUID \u65F6\uFF0C\u5BA2\u6237\u7AEF\u627E\u4E0D\u5230\u81EA\u5DF1\u7684\u8282\u70B9\uFF0C\u4E8E\u662F\u518D\u5EFA\u4E00\u4E2A\uFF0C\u5E76\u6C38\u8FDC\u6392\u5728\u81EA\u5DF1\u7684\u5B64\u513F\u8282\u70B9\u540E\u9762\u3002\u6709 GUID \u65F6\uFF08Curator \u7684\u4FDD\u62A4\u6A21\u5F0F\uFF09\uFF0C\u5B83\u80FD\u627E\u5230\u81EA\u5DF1\u5EFA\u7684\u8282\u70B9\u5E76\u7EE7\u7EED\u3002",
  scenarioPauseTitle: "5 \xB7 \u6BD4\u4F1A\u8BDD\u66F4\u957F\u7684 GC \u505C\u987F",
  scenarioPauseCaption: "\u6301\u6709\u8005\u505C\u987F 8 \u79D2\uFF0C\u8D85\u8FC7\u5B83 3 \u79D2\u7684\u4F1A\u8BDD\u8D85\u65F6\u3002ZooKeeper \u8BA9\u5B83\u7684\u4F1A\u8BDD\u8FC7\u671F\uFF0C\u4E0B\u4E00\u4E2A\u7B49\u5F85\u8005\u83B7\u5F97\u9501\uFF0C\u800C\u505C\u987F\u7684\u90A3\u4E2A\u4ECD\u4EE5\u4E3A\u81EA\u5DF1\u6301\u6709\u9501\uFF1A\u51FA\u73B0\u4E24\u4E2A\u6301\u6709\u8005\u3002\u5B83\u4EEC\u7684\u9632\u62A4\u4EE4\u724C\uFF08czxid\uFF09\u53EF\u4EE5\u533A\u5206\u8FC7\u671F\u7684\u548C\u65B0\u7684\u3002",
  scenarioRwTitle: "6 \xB7 \u8BFB\u5199\u9501",
  scenarioRwCaption: "\u4E00\u8D77\u7B49\u5F85\u7684\u8BFB\u8005\u4E00\u8D77\u6301\u6709\uFF1B\u5199\u8005\u8981\u7B49\u5B83\u524D\u9762\u7684\u6240\u6709\u8BFB\u8005\uFF0C\u5199\u8005\u4E4B\u540E\u7684\u8BFB\u8005\u8981\u7B49\u8FD9\u4E2A\u5199\u8005\u3002",
  scenarioStuckTitle: "7 \xB7 \u4EC0\u4E48\u90FD\u4E0D\u76D1\u542C\u7684\u7B49\u5F85\u8005",
  scenarioStuckCaption: "\u4E00\u4E2A\u5BA2\u6237\u7AEF\u52A0\u5165\u4E86\u961F\u5217\uFF0C\u5374\u6CA1\u6709\u8BBE\u7F6E\u76D1\u542C\uFF1A\u8F6E\u5230\u5B83\u65F6\u6CA1\u6709\u4EBA\u901A\u77E5\u5B83\uFF0C\u6392\u5728\u5B83\u540E\u9762\u7684\u4EBA\u4E5F\u90FD\u6C38\u8FDC\u7B49\u5F85\u3002\u672C\u5DE5\u5177\u7684\u8BCA\u65AD\u4F1A\u6307\u51FA\u5B83\u3002",
  run: "\u8FD0\u884C",
  faultCrash: "\u8BA9\u6301\u6709\u8005\u5D29\u6E83",
  faultLoseCreate: "\u4E22\u5931\u4E0B\u4E00\u6B21\u521B\u5EFA\u7684\u56DE\u590D",
  faultPause: "\u8BA9\u6301\u6709\u8005\u505C\u987F 8 \u79D2",
  holding: "\u6301\u6709\u4E2D",
  anomalies: "\u8BCA\u65AD\u53D1\u73B0\u7684\u95EE\u9898",
  noAnomalies: "\u6682\u65F6\u6CA1\u6709\u53D1\u73B0\u95EE\u9898\u3002",
  violations: "\u540C\u65F6\u51FA\u73B0\u4E24\u4E2A\u6301\u6709\u8005",
  contender: "\u5BA2\u6237\u7AEF",
  state: "\u72B6\u6001",
  believes: "\u4EE5\u4E3A\u81EA\u5DF1\u6301\u6709\u9501",
  acquisitions: "\u83B7\u5F97\u9501\u6B21\u6570",
  timeline: "\u65F6\u95F4\u7EBF",
  timelineAt: "\u7B2C {i} \u6B21\u53D8\u5316\uFF0C\u5171 {n} \u6B21 \xB7 {time}",
  timelineLive: "\u5B9E\u65F6",
  timelineReplay: "\u56DE\u653E",
  timelineEmpty: "\u961F\u5217\u5F62\u6210\u540E\uFF0C\u6BCF\u4E00\u6B21\u53D8\u5316\u90FD\u4F1A\u8BB0\u5F55\u5728\u8FD9\u91CC\uFF1B\u5411\u56DE\u62D6\u52A8\u5373\u53EF\u91CD\u65B0\u67E5\u770B\u4EFB\u610F\u65F6\u523B\u3002",
  stateConnecting: "\u8FDE\u63A5\u4E2D",
  stateWaiting: "\u7B49\u5F85\u4E2D",
  stateHolding: "\u6301\u6709\u9501",
  stateDone: "\u5DF2\u5B8C\u6210",
  stateCrashed: "\u5DF2\u5D29\u6E83",
  stateExpired: "\u4F1A\u8BDD\u5DF2\u8FC7\u671F",
  statePaused: "\u5DF2\u505C\u987F",
  stateClosed: "\u5DF2\u5173\u95ED",
  sweep: "\u6E05\u7A7A\u957F\u5EA6\u4E3A N = {sizes} \u7684\u961F\u5217",
  sweepTitle: "\u6E05\u7A7A\u6574\u4E2A\u961F\u5217\u6240\u9700\u7684\u901A\u77E5\u6570\u4E0E\u961F\u5217\u957F\u5EA6 N",
  sweepAxisX: "\u961F\u5217\u4E2D\u7684\u5BA2\u6237\u7AEF\u6570\uFF08N\uFF09",
  sweepRunning: "\u6B63\u5728\u6E05\u7A7A\u957F\u5EA6\u4E3A {n} \u7684\u7F8A\u7FA4\u961F\u5217\u548C\u94FE\u5F0F\u961F\u5217\u2026",
  sweepResult: "N = {n}\uFF1A\u7F8A\u7FA4 {herd}\uFF0C\u94FE\u5F0F {chain}",
  sweepIdle: "\u6309\u4E00\u6B21\u5373\u53EF\u4F9D\u6B21\u6E05\u7A7A\u6BCF\u79CD\u957F\u5EA6\u7684\u7F8A\u7FA4\u961F\u5217\u548C\u94FE\u5F0F\u961F\u5217\uFF1A\u7F8A\u7FA4\u7684\u5F00\u9500\u968F N \u7684\u5E73\u65B9\u589E\u957F\uFF0C\u94FE\u5F0F\u968F N \u7EBF\u6027\u589E\u957F\u3002",
  sweepNote: "\u7F8A\u7FA4\u7684\u8BA1\u6570\u6BD4 N(N\u22121)/2 \u591A N\u22121\uFF1A\u6BCF\u4E2A\u6301\u6709\u8005\u4E0A\u6B21\u67E5\u770B\u961F\u5217\u65F6\u7559\u4E0B\u7684\u5B50\u8282\u70B9\u76D1\u542C\u4ECD\u7136\u6709\u6548\uFF0C\u5728\u5B83\u5220\u9664\u81EA\u5DF1\u7684\u8282\u70B9\u65F6\u4E5F\u4F1A\u89E6\u53D1\u3002",
  navViews: "\u89C6\u56FE",
  navLocks: "\u9501",
  navSessions: "\u4F1A\u8BDD",
  navWaitsFor: "\u7B49\u5F85\u56FE",
  navClassroom: "\u8BFE\u5802",
  themeToDark: "\u5207\u6362\u5230\u6DF1\u8272\u4E3B\u9898",
  themeToLight: "\u5207\u6362\u5230\u6D45\u8272\u4E3B\u9898",
  bannerConnecting: "\u6B63\u5728\u8FDE\u63A5 zk-lock-explorer\u2026",
  bannerLost: "\u4E0E zk-lock-explorer \u7684\u8FDE\u63A5\u4E8E {time} \u65AD\u5F00\uFF0C\u6B63\u5728\u91CD\u8FDE\u3002\u663E\u793A\u7684\u5185\u5BB9\u53EF\u80FD\u5DF2\u8FC7\u65F6\u3002",
  bannerWaiting: "\u6B63\u5728\u7B49\u5F85 ZooKeeper \u7684\u72B6\u6001\u2026",
  bannerLive: "\u5B9E\u65F6 \xB7 ZooKeeper {connect}{embedded}",
  bannerEmbedded: "\uFF08\u5185\u5D4C\uFF09",
  bannerReadOnly: "\u53EA\u8BFB",
  bannerDown: "ZooKeeper \u81EA {time} \u8D77\u5904\u4E8E{state}\u72B6\u6001\uFF08{ago}\u524D\uFF09\uFF1B\u6570\u636E\u53EF\u80FD\u5DF2\u8FC7\u65F6\u3002",
  bannerSession: "\u4F1A\u8BDD {id}",
  replayLabel: "ZooKeeper \u6587\u4EF6\u56DE\u653E",
  replayTitle: "\u56DE\u653E",
  replayTitlePast: "\u8FC7\u53BB\u7684\u65F6\u523B",
  replayBackToLive: "\u56DE\u5230\u5B9E\u65F6",
  replayBackToLiveTitle: "\u79BB\u5F00\u8FD9\u4E2A\u65F6\u523B\uFF0C\u91CD\u65B0\u5B9E\u65F6\u8DDF\u968F ZooKeeper",
  lpTravel: "\u25C0 \u56DE\u5230\u8FC7\u53BB",
  lpSimPast: "\u8FC7\u53BB\u7684\u65F6\u523B\u65E0\u6CD5\u6539\u53D8\uFF1A\u56DE\u5230\u5B9E\u65F6\u540E\u624D\u80FD\u64CD\u4F5C\u3002",
  lpTravelTitle: "\u4ECE ZooKeeper \u81EA\u5DF1\u7684\u6587\u4EF6\u8BFB\u53D6\uFF0C\u67E5\u770B\u6BCF\u4E2A\u9875\u9762\u5728\u8FC7\u53BB\u4EFB\u610F\u65F6\u523B\u7684\u6837\u5B50",
  replaySpan: "{from} \u2013 {to} \xB7 {count} \u4E2A\u4E8B\u52A1 \xB7 \u53EA\u8BFB\uFF0C\u672A\u8FDE\u63A5 ZooKeeper",
  replaySpanPast: "{from} \u2013 {to} \xB7 {count} \u4E2A\u4E8B\u52A1 \xB7 \u53EA\u8BFB\uFF1AZooKeeper \u7684\u6587\u4EF6\uFF0C\u968F\u5199\u5165\u6301\u7EED\u8BFB\u53D6",
  replayEmpty: "\u6587\u4EF6\u4E2D\u6CA1\u6709\u4E8B\u52A1\uFF0C\u6CA1\u6709\u53EF\u663E\u793A\u7684\u65F6\u523B\u3002",
  replayStopped: "\u53EA\u8BFB\u5230 {zxid}\uFF1A{reason}",
  replayPlayback: "\u65F6\u523B",
  replayPlay: "\u25B6 \u64AD\u653E",
  replayPause: "\u275A\u275A \u6682\u505C",
  replayPrevious: "\u2039 \u4E0A\u4E00\u6B21\u53D8\u5316",
  replayNext: "\u4E0B\u4E00\u6B21\u53D8\u5316 \u203A",
  replayPreviousTitle: "\u6B64\u9501\u5728\u8BE5\u65F6\u523B\u4E4B\u524D\u7684\u53D8\u5316\uFF08[\uFF09",
  replayNextTitle: "\u6B64\u9501\u5728\u8BE5\u65F6\u523B\u4E4B\u540E\u7684\u53D8\u5316\uFF08]\uFF09",
  replaySpeed: "\u901F\u5EA6",
  replaySlider: "\u6587\u4EF6\u4E2D\u7684\u65F6\u523B\uFF08\u65B9\u5411\u952E\uFF1A\u8DE8\u5EA6\u7684 1%\uFF0CPage Up/Down\uFF1A10%\uFF09",
  replayChanges: "\u6B64\u9501\u5171 {n} \u6B21\u53D8\u5316",
  replayZxid: "\u4E8B\u52A1 zxid {zxid}",
  replayAfter: "{time} \u7684 zxid {zxid} \u4E4B\u540E",
  replayGoTo: "\u8DF3\u5230",
  replayGoToHint: "03:12:05\u30012026-11-25 03:12 \u6216 0x1a2b",
  replayGo: "\u8DF3\u8F6C",
  replayGoToBad: "\u4E0D\u662F\u65F6\u523B\uFF1A\u8BF7\u8F93\u5165\u65F6\u95F4\uFF0803:12:05\uFF09\u3001\u65E5\u671F\u548C\u65F6\u95F4\uFF0C\u6216 zxid\uFF080x\u2026\uFF09\u3002",
  replayNoWatches: "ZooKeeper \u7684\u6587\u4EF6\u4E0D\u8BB0\u5F55 watch\uFF1A\u865A\u7EBF\u662F\u914D\u65B9\u6240\u8BBE\u7684 watch\u3002",
  zkStateConnecting: "\u8FDE\u63A5\u4E2D",
  zkStateConnected: "\u5DF2\u8FDE\u63A5",
  zkStateReadOnly: "\u53EA\u8BFB",
  zkStateDisconnected: "\u65AD\u5F00",
  zkStateExpired: "\u4F1A\u8BDD\u8FC7\u671F",
  zkStateAuthFailed: "\u8BA4\u8BC1\u5931\u8D25",
  zkStateTlsFailed: "TLS \u5931\u8D25",
  zkStateClosed: "\u5173\u95ED",
  diagramLabelOne: "\u9501\u961F\u5217\uFF1A1 \u4E2A\u8282\u70B9",
  diagramLabel: "\u9501\u961F\u5217\uFF1A{n} \u4E2A\u8282\u70B9",
  cardHolds: "\u6301\u6709",
  cardHoldsLock: "\u6301\u6709\u9501",
  cardHoldsLease: "\u6301\u6709\u79DF\u7EA6",
  cardWaiting: "\u7B49\u5F85 \xB7 \u7B2C {n} \u4F4D",
  cardCreated: "{ago}\u524D\u521B\u5EFA",
  cardHeld: "\u5DF2\u6301\u6709 {duration}",
  cardWaitingFor: "\u5DF2\u7B49\u5F85 {duration}",
  cardPersistent: "\u6301\u4E45\u8282\u70B9\uFF1A\u6240\u6709\u8005\u6D88\u5931\u540E\u4ECD\u7136\u5B58\u5728",
  nodeHolds: "{name}\uFF1A\u6301\u6709\u9501",
  nodeWaits: "{name}\uFF1A\u7B49\u5F85\u4E2D\uFF0C\u6392\u5728\u7B2C {n} \u4F4D",
  edgeConfirmed: "{from} \u76D1\u542C {to}\uFF08ZooKeeper \u5DF2\u786E\u8BA4\uFF09",
  edgeMissing: "{from} \u5E94\u5F53\u76D1\u542C {to}\uFF0C\u4F46 ZooKeeper \u6CA1\u6709\u62A5\u544A\u8FD9\u4E2A\u76D1\u542C",
  edgeExpected: "{from} \u76D1\u542C {to}\uFF08\u6309\u5176\u914D\u65B9\uFF09",
  edgeGroup: "{n} \u4E2A\u8BFB\u8005\u76D1\u542C {to}\uFF1B\u5B83\u4EEC\u5C06\u4E00\u8D77\u6301\u6709",
  edgeHerd: "{n} \u4E2A\u7B49\u5F85\u8005\u76D1\u542C {to} \u7684\u5B50\u8282\u70B9\uFF1A\u4EFB\u4F55\u53D8\u5316\u90FD\u4F1A\u5524\u9192\u5168\u90E8",
  parentWatch: "{path} \xB7 {n} \u4E2A\u76D1\u542C\u5B50\u8282\u70B9",
  parentWatchOne: "{path} \xB7 1 \u4E2A\u76D1\u542C\u5B50\u8282\u70B9",
  groupReaders: "{n} \u4E2A\u8BFB\u8005\u5171\u4EAB",
  groupHolders: "{n} \u4E2A\u4E00\u8D77\u6301\u6709",
  kindPersistentNode: "\u6301\u4E45\u8282\u70B9",
  kindOrphan: "\u5B64\u513F\u8282\u70B9",
  kindWrongWatch: "\u76D1\u542C\u9519\u8BEF",
  kindNoWatch: "\u6CA1\u6709\u76D1\u542C",
  kindHerd: "\u7F8A\u7FA4",
  kindSequenceWrap: "\u5E8F\u53F7\u56DE\u7ED5",
  kindStaleHolder: "\u6301\u6709\u8FC7\u4E45",
  kindHolderDisconnected: "\u6301\u6709\u8005\u5DF2\u65AD\u5F00",
  anomalyPersistentNode: "{node} \u4E0D\u662F\u4E34\u65F6\u8282\u70B9\uFF1A\u6240\u6709\u8005\u5D29\u6E83\u540E\u5B83\u4ECD\u7136\u5B58\u5728\uFF0C\u4F1A\u4E00\u76F4\u6321\u4F4F\u961F\u5217\uFF0C\u76F4\u5230\u6709\u4EBA\u5220\u9664\u5B83",
  anomalyOrphan: "{node} \u548C {other} \u5C5E\u4E8E\u540C\u4E00\u4E2A\u6240\u6709\u8005\uFF08{owner}\uFF09\uFF1A\u56DE\u590D\u4E22\u5931\u540E\u91CD\u8BD5\u521B\u5EFA\u4F1A\u7559\u4E0B\u8FD9\u6837\u7684\u91CD\u590D\u8282\u70B9\uFF0C\u6240\u6709\u8005\u53EF\u80FD\u6C38\u8FDC\u5728\u7B49\u5F85\u81EA\u5DF1\u7684\u8282\u70B9",
  anomalyOrphans: "{node} \u548C\u53E6\u5916 {count} \u4E2A\u8282\u70B9\u5C5E\u4E8E\u540C\u4E00\u4E2A\u6240\u6709\u8005\uFF08{owner}\uFF09\uFF1A\u56DE\u590D\u4E22\u5931\u540E\u91CD\u8BD5\u521B\u5EFA\u4F1A\u7559\u4E0B\u8FD9\u6837\u7684\u91CD\u590D\u8282\u70B9\uFF0C\u6240\u6709\u8005\u53EF\u80FD\u6C38\u8FDC\u5728\u7B49\u5F85\u81EA\u5DF1\u7684\u8282\u70B9",
  anomalyWrongWatch: "{node} \u76D1\u542C\u7684\u662F {actual}\uFF0C\u800C\u4E0D\u662F\u5176\u914D\u65B9\u8981\u6C42\u7684 {expected}\uFF1A\u5B83\u53EF\u80FD\u9192\u5F97\u592A\u665A\uFF0C\u6216\u8005\u6C38\u8FDC\u4E0D\u4F1A\u9192",
  anomalyNoWatch: "{node} \u5728\u7B49\u5F85\uFF0C\u4F46 ZooKeeper \u6CA1\u6709\u62A5\u544A\u5B83\u7684\u4F1A\u8BDD\u5BF9 {expected} \u7684\u76D1\u542C\uFF1A\u5B83\u4EC0\u4E48\u90FD\u6CA1\u76D1\u542C\uFF0C\u6216\u53EA\u76D1\u542C\u4E86\u7236\u8282\u70B9\u7684\u5B50\u8282\u70B9\uFF08ZooKeeper \u4E0D\u62A5\u544A\u5B50\u8282\u70B9\u76D1\u542C\uFF09\u3002\u5982\u679C\u4EC0\u4E48\u90FD\u6CA1\u76D1\u542C\uFF0C\u4EFB\u4F55\u91CA\u653E\u90FD\u4E0D\u4F1A\u5524\u9192\u5B83",
  anomalyDeadlock: "\u4F1A\u8BDD {session} \u5728\u8FD9\u91CC\u7B49\u5F85 {holder}\uFF0C\u800C\u540E\u8005\u5728 {locks} \u4E2D\u7B49\u5F85\uFF1B\u8FD9\u4E2A\u73AF\u4E0A\u7684 {n} \u4E2A\u4F1A\u8BDD\u5404\u81EA\u6301\u6709\u4E0B\u4E00\u4E2A\u4F1A\u8BDD\u7B49\u5F85\u7684\u9501\uFF0C\u9664\u975E\u7ED3\u675F\u5176\u4E2D\u4E00\u4E2A\uFF0C\u5426\u5219\u8C01\u4E5F\u65E0\u6CD5\u7EE7\u7EED",
  kindDeadlock: "\u6B7B\u9501",
  anomalyHerd: "\u5168\u90E8 {n} \u4E2A\u7B49\u5F85\u8005\u90FD\u76D1\u542C {path} \u7684\u5B50\u8282\u70B9\uFF1A\u6BCF\u6B21\u53D8\u5316\u90FD\u4F1A\u5524\u9192\u6240\u6709\u4EBA\uFF08\u6BCF\u6B21\u91CA\u653E {n} \u6B21\u901A\u77E5\uFF0C\u800C\u94FE\u5F0F\u9501\u53EA\u9700 1 \u6B21\uFF09\u3002{evidence}",
  anomalySequenceWrap: "{n} \u4E2A\u8282\u70B9\u7684\u5E8F\u53F7\u8D85\u8FC7 2^31-1\uFF08\u56DE\u7ED5\u4E3A\u8D1F\u6570\uFF09\uFF1A\u6309\u6570\u5B57\u6392\u5E8F\u548C\u6309\u6587\u672C\u6392\u5E8F\u7684\u5BA2\u6237\u7AEF\u5BF9\u987A\u5E8F\u7684\u770B\u6CD5\u4E0D\u4E00\u81F4",
  anomalyStaleHolder: "{node} \u6301\u6709\u9501\u5DF2\u8D85\u8FC7 {seconds} \u79D2\uFF1A\u6301\u6709\u8005\u5361\u4F4F\u6216\u505C\u987F\u4E86\uFF1F",
  anomalyHolderDisconnected: "{node} \u6301\u6709\u9501\uFF0C\u4F46\u5176\u4F1A\u8BDD {session} \u4E0E ZooKeeper \u6CA1\u6709\u8FDE\u63A5\uFF08\u5BA2\u6237\u7AEF\u5D29\u6E83\u6216\u65AD\u5F00\uFF09\uFF1A\u6240\u6709\u7B49\u5F85\u8005\u90FD\u8981\u7B49\u5230 ZooKeeper \u5728 {at} \u4F7F\u8BE5\u4F1A\u8BDD\u8FC7\u671F\u5E76\u5220\u9664\u8BE5\u8282\u70B9\u3002",
  homeTitle: "\u770B\u6E05\u8C01\u6301\u6709 ZooKeeper \u9501\uFF0C\u8C01\u6392\u5728\u8C01\u540E\u9762\u7B49\u5F85",
  homeLead: "\u6253\u5F00\u4E00\u4E2A\u9501\u7684\u7236\u8282\u70B9\uFF0C\u5B9E\u65F6\u67E5\u770B\u5B83\u7684\u961F\u5217\uFF1A\u6301\u6709\u8005\u3001\u6309\u987A\u5E8F\u6392\u5217\u7684\u6BCF\u4E2A\u7B49\u5F85\u8005\uFF0C\u4EE5\u53CA\u6BCF\u4E2A\u7B49\u5F85\u8005\u76D1\u542C\u7684\u8282\u70B9\u3002",
  homeLeadReplay: "\u6253\u5F00\u4E00\u4E2A\u9501\u7684\u7236\u8282\u70B9\uFF0C\u67E5\u770B\u5B83\u5728\u4E0A\u65B9\u6240\u793A\u65F6\u523B\u7684\u961F\u5217\uFF08\u4F9D\u636E ZooKeeper \u7684\u6587\u4EF6\uFF09\uFF1A\u6301\u6709\u8005\u3001\u6309\u987A\u5E8F\u6392\u5217\u7684\u6BCF\u4E2A\u7B49\u5F85\u8005\uFF0C\u4EE5\u53CA\u6309\u5176\u914D\u65B9\u6BCF\u4E2A\u7B49\u5F85\u8005\u5E94\u76D1\u542C\u7684\u8282\u70B9\u3002",
  openLockLabel: "\u9501\u8DEF\u5F84",
  openLockButton: "\u6253\u5F00",
  openLockHint: "\u5B50\u8282\u70B9\u662F\u9501\u7ADE\u4E89\u8005\u7684\u90A3\u4E2A znode\uFF0C\u4F8B\u5982 Curator \u6216 Kazoo \u7684\u9501\u8DEF\u5F84\u3002",
  locksUnder: "{roots} \u4E0B\u7684\u9501",
  lookingForLocks: "\u6B63\u5728\u67E5\u627E\u9501\u2026",
  waitingForZk: "\u6B63\u5728\u7B49\u5F85 ZooKeeper\uFF08{state}\uFF0C\u89C1\u4E0A\u65B9\uFF09\uFF0C\u4E4B\u540E\u518D\u67E5\u627E\u9501\u2026",
  sortAttention: "\u6700\u7D27\u6025\u7684\u5728\u524D",
  sortAttentionTitle: "\u6B7B\u9501\u5728\u524D\uFF0C\u5176\u6B21\u662F\u7531\u5DF2\u65AD\u5F00\u7684\u4F1A\u8BDD\u6301\u6709\u7684\u9501\uFF0C\u7136\u540E\u662F\u5176\u4ED6\u5F02\u5E38\uFF0C\u518D\u6309\u7B49\u5F85\u65F6\u95F4\u4ECE\u957F\u5230\u77ED\uFF0C\u7136\u540E\u662F\u5DF2\u88AB\u6301\u6709\u7684\uFF0C\u6700\u540E\u662F\u7A7A\u95F2\u7684",
  filterLabel: "\u7B5B\u9009\u9501",
  filterPlaceholder: "\u7B5B\u9009\uFF1A\u8DEF\u5F84\u3001\u914D\u65B9\u3001\u5BA2\u6237\u7AEF\u3001\u4F1A\u8BDD\uFF08/\uFF09",
  filterTitle: "\u6BCF\u4E2A\u8BCD\u90FD\u5FC5\u987B\u5339\u914D\u9501\u7684\u8DEF\u5F84\u3001\u914D\u65B9\u3001\u7CFB\u7EDF\u6216\u89D2\u8272\u3001\u6309\u5176\u7CFB\u7EDF\u547D\u540D\u7684\u6301\u6709\u8005\uFF0C\u6216\u6301\u6709\u8005\u7684\u5BA2\u6237\u7AEF\u5730\u5740\u6216\u4F1A\u8BDD\u3002\u6309 / \u8DF3\u5230\u8FD9\u91CC\uFF1BEnter \u6253\u5F00\u663E\u793A\u7684\u7B2C\u4E00\u4E2A\u9501\uFF0CEscape \u6E05\u9664\u3002",
  filterEmpty: "\u6CA1\u6709\u4E0E\u201C{filter}\u201D\u5339\u914D\u7684\u9501\u3002",
  noLocksTitle: "{roots} \u4E0B\u8FD8\u6CA1\u6709\u9501",
  noLocksText: "\u5BA2\u6237\u7AEF\u4E00\u521B\u5EFA\u9501\uFF0C\u5B83\u5C31\u4F1A\u51FA\u73B0\u5728\u8FD9\u91CC\u3002\u8FD0\u884C\u4F60\u7684\u5BA2\u6237\u7AEF\uFF0C\u5728 {sim} \u4E0B\u7684\u67D0\u4E2A\u9501\u4E0A\u542F\u52A8\u6A21\u62DF\u7ADE\u4E89\u8005\uFF0C\u6216\u8005\u628A {env} \u6307\u5411\u522B\u5904\u3002",
  colLock: "\u9501",
  colRecipe: "\u914D\u65B9",
  colHolder: "\u6301\u6709\u8005",
  colHeldFor: "\u5DF2\u6301\u6709",
  colWaiting: "\u7B49\u5F85\u4E2D",
  colOldestWait: "\u6700\u4E45\u7B49\u5F85",
  colHandovers: "\u6BCF\u5206\u949F\u4EA4\u63A5",
  colWaitP99: "p99 \u7B49\u5F85",
  colAnomalies: "\u5F02\u5E38",
  colQueue: "\u8FD1\u671F\u961F\u5217",
  rowDeadlock: "\u6B7B\u9501",
  rowDeadlockTitle: "\u5C5E\u4E8E\u4E00\u4E2A\u6B7B\u9501\uFF1A\u6253\u5F00\u8FD9\u4E2A\u9501\u67E5\u770B\u73AF",
  rowHolderDisconnected: "\u6301\u6709\u8005\u5DF2\u65AD\u5F00",
  rowHolderDisconnectedTitle: "\u6301\u6709\u8005\u7684\u4F1A\u8BDD\u6CA1\u6709\u8FDE\u63A5\uFF1A\u5728 ZooKeeper \u4F7F\u8BE5\u4F1A\u8BDD\u8FC7\u671F\u4E4B\u524D\uFF0C\u8C01\u4E5F\u62FF\u4E0D\u5230\u8FD9\u4E2A\u9501",
  handoversTitle: "\u8FC7\u53BB\u4E94\u5206\u949F\u5185\uFF0C\u5E73\u5747\u6BCF\u5206\u949F\u5F00\u59CB\u7684\u6301\u6709\u6B21\u6570",
  waitP99Title: "\u8FC7\u53BB\u4E94\u5206\u949F\u5185\uFF0C\u4EE5\u83B7\u5F97\u9501\u544A\u7EC8\u7684\u7B49\u5F85\u65F6\u957F\u7684\u7B2C 99 \u767E\u5206\u4F4D",
  sparklineLabel: "{path} \u6700\u8FD1\u51E0\u6B21\u66F4\u65B0\u65F6\u7684\u961F\u5217\u957F\u5EA6",
  holderFree: "\u7A7A\u95F2",
  holderPersistent: "\u6301\u4E45\u8282\u70B9",
  holderSession: "\u4F1A\u8BDD {id}",
  clientUnknown: "\u5BA2\u6237\u7AEF\u672A\u77E5",
  scanLabel: "\u6811\u7684\u626B\u63CF\u8FDB\u5EA6",
  discLocksOne: "1 \u4E2A\u9501",
  discLocks: "{n} \u4E2A\u9501",
  discZnodesRead: "\u5DF2\u8BFB\u53D6 {n} \u4E2A znode",
  discProgress: "{percent}% \xB7 \u7EA6 {total} \u4E2A znode \u4E2D\u5DF2\u8BFB {read} \u4E2A",
  discPartial: "\u4E0D\u5B8C\u6574\uFF1A{reason}\u3002",
  discRefused: "\u6CA1\u6709\u54EA\u4E2A ZooKeeper \u6210\u5458\u613F\u610F\u5217\u51FA\u5B83\u7684\u4E34\u65F6\u8282\u70B9\uFF08{reason}\uFF09\uFF1A\u53EA\u80FD\u8BFB\u53D6\u6574\u68F5\u6811\u6765\u67E5\u627E\u9501\uFF0C\u6BCF\u79D2 {rate} \u4E2A znode\u3002\u628A dump \u52A0\u5165\u767D\u540D\u5355\uFF0C\u6216\u5F00\u542F AdminServer\uFF08ZK_ADMIN_PORT\uFF09\uFF0C\u5373\u53EF\u7ACB\u523B\u627E\u5230\u5B83\u4EEC\u3002",
  discDumpRefused: "dump \u88AB\u62D2\u7EDD",
  discChildWatches: "ZooKeeper \u62D2\u7EDD\u4E86\u6301\u4E45\u9012\u5F52\u76D1\u542C\uFF1A\u65B0\u9501\u8981\u9760\u6BCF\u4E2A\u5DF2\u8BFB znode \u4E0A\u7684\u5B50\u8282\u70B9\u76D1\u542C\u6765\u53D1\u73B0\u3002",
  discSourceAdmin: "AdminServer \u63A5\u53E3",
  discSourceFourLetter: "\u56DB\u5B57\u547D\u4EE4",
  discFromEphemerals: "\u6765\u81EA {n} \u4E2A\u4E34\u65F6\u8282\u70B9\uFF08{server} \u7684 dump\uFF0C\u7ECF\u7531{source}\uFF09",
  discFromNoEphemerals: "\u6765\u81EA\u4E34\u65F6\u8282\u70B9\uFF08{server} \u7684 dump\uFF0C\u7ECF\u7531{source}\uFF1A\u5F00\u59CB\u65F6\u6CA1\u6709\uFF0C\u4E4B\u540E\u5B9E\u65F6\u53D1\u73B0\uFF09",
  discListing: "\u6B63\u5728\u5217\u51FA\u6BCF\u4E2A\u4F1A\u8BDD\u7684\u4E34\u65F6\u8282\u70B9\uFF08dump\uFF09\u2026",
  discScanningWithEphemerals: "\u6B63\u5728\u626B\u63CF\u6CA1\u6709\u5B58\u6D3B\u7ADE\u4E89\u8005\u7684\u9501",
  discScanningSoFar: "\u76EE\u524D {count}",
  discScanningTree: "\u6B63\u5728\u626B\u63CF\u6811",
  discScanRead: "\u626B\u63CF\u8BFB\u53D6\u4E86 {n} \u4E2A znode{took}{ago}",
  discScanReadOne: "\u626B\u63CF\u8BFB\u53D6\u4E86 1 \u4E2A znode{took}{ago}",
  discTook: "\uFF0C\u7528\u65F6 {duration}",
  discAgo: "\uFF0C{duration} \u524D",
  discScanCapped: "\u626B\u63CF\u5728 {n} \u4E2A znode \u5904\u505C\u6B62",
  discByScan: "\u901A\u8FC7\u626B\u63CF\u627E\u5230",
  discFromFiles: "\u8BFB\u53D6\u81EA ZooKeeper \u7684\u4E8B\u52A1\u65E5\u5FD7\u4E0E\u5FEB\u7167\uFF0C\u5171 {n} \u4E2A znode",
  sessionsTitle: "\u4F1A\u8BDD",
  sessionsLead: "\u5728\u5DF2\u53D1\u73B0\u7684\u9501\u4E2D\u62E5\u6709\u8282\u70B9\u7684\u6BCF\u4E2A ZooKeeper \u4F1A\u8BDD\uFF1A\u5B83\u6301\u6709\u4EC0\u4E48\u3001\u5728\u7B49\u4EC0\u4E48\u3001\u4ECE\u54EA\u91CC\u8FDE\u63A5\u3001\u76D1\u542C\u54EA\u4E9B\u8282\u70B9\u3002\u672C\u5DE5\u5177\u81EA\u5DF1\u7684\u4F1A\u8BDD\u6392\u5728\u6700\u540E\u3002",
  originExplorerTitle: "\u672C\u5DE5\u5177\u81EA\u5DF1\u7684\u4F1A\u8BDD\uFF1A\u5B83\u76D1\u542C\u9501\u7236\u8282\u70B9\u7684\u5B50\u8282\u70B9\uFF0C\u800C ZooKeeper \u7684 wchc \u4E0D\u5217\u51FA\u8FD9\u7C7B\u76D1\u542C",
  originSimulatedTitle: "\u672C\u5DE5\u5177\u6A21\u62DF\u7684\u7ADE\u4E89\u8005",
  originExplorer: "\u672C\u5DE5\u5177",
  originSimulated: "\u6A21\u62DF",
  silentTitle: "ZooKeeper \u4ECD\u4FDD\u7559\u8BE5\u4F1A\u8BDD\uFF0C\u4F46\u6CA1\u6709\u4EFB\u4F55\u6210\u5458\u6301\u6709\u5B83\u7684\u8FDE\u63A5\uFF1A\u5BA2\u6237\u7AEF\u5DF2\u5D29\u6E83\u6216\u88AB\u5207\u65AD\u3002\u5728 ZooKeeper \u4F7F\u5B83\u8FC7\u671F\u4E4B\u524D\uFF0C\u5B83\u7684\u8282\u70B9\u4F1A\u4E00\u76F4\u5B58\u5728\u3002",
  noConnection: "\u65E0\u8FDE\u63A5",
  expiresNow: "\u5373\u5C06\u8FC7\u671F",
  expiresIn: "{duration} \u540E\u8FC7\u671F",
  renewed: "\u5DF2\u7EED\u671F",
  renewedTitle: "ZooKeeper \u6700\u8FD1\u6536\u5230\u8FC7\u5B83\u7684\u6D88\u606F\uFF1A\u5B83\u7684\u622A\u6B62\u65F6\u95F4\u5DF2\u987A\u5EF6",
  countingTitle: "\u9664\u975E ZooKeeper \u5728\u6B64\u4E4B\u524D\u6536\u5230\u5B83\u7684\u6D88\u606F",
  countNow: "\u73B0\u5728",
  countIn: "{duration} \u540E",
  filterWord: "\u7B5B\u9009",
  sessionFilterPlaceholder: "\u4F1A\u8BDD ID\u3001\u5BA2\u6237\u7AEF\u3001\u9501\u6216\u8282\u70B9",
  pageRange: "\u7B2C {from}\u2013{to} \u4E2A\uFF0C\u5171 {total} \u4E2A",
  pagePrevious: "\u4E0A\u4E00\u9875",
  pageNext: "\u4E0B\u4E00\u9875",
  answerUnexpected: "\u672C\u5DE5\u5177\u7684\u670D\u52A1\u5668\u8FD4\u56DE\u4E86\u610F\u6599\u4E4B\u5916\u7684\u5185\u5BB9",
  answerUnreachable: "\u65E0\u6CD5\u8FDE\u63A5\u5230\u672C\u5DE5\u5177\u7684\u670D\u52A1\u5668",
  readingSessions: "\u6B63\u5728\u8BFB\u53D6\u4F1A\u8BDD\u2026",
  noSessionTitle: "\u8FD8\u6CA1\u6709\u4F1A\u8BDD\u62E5\u6709\u9501\u8282\u70B9",
  noSessionText: "\u4E00\u65E6\u6709\u5BA2\u6237\u7AEF\u5728\u6839\u8DEF\u5F84\u4E0B\u7684\u67D0\u4E2A\u9501\u4E2D\u521B\u5EFA\u8282\u70B9\uFF0C\u5B83\u7684\u4F1A\u8BDD\u5C31\u4F1A\u51FA\u73B0\u5728\u8FD9\u91CC\u3002",
  noSessionMatch: "\u6CA1\u6709\u4E0E\u201C{filter}\u201D\u5339\u914D\u7684\u4F1A\u8BDD",
  flagDeadlocked: "{n} \u4E2A\u5904\u4E8E\u6B7B\u9501",
  flagSilent: "{n} \u4E2A\u6CA1\u6709\u8FDE\u63A5\uFF08\u5728 ZooKeeper \u4F7F\u5B83\u4EEC\u8FC7\u671F\u4E4B\u524D\uFF0C\u5B83\u4EEC\u7684\u8282\u70B9\u4F1A\u4E00\u76F4\u4FDD\u7559\uFF09",
  flaggedFirst: "{flags}\uFF1A\u6392\u5728\u6700\u524D\u9762\u3002",
  colSession: "\u4F1A\u8BDD",
  colClient: "\u5BA2\u6237\u7AEF",
  colHolds: "\u6301\u6709",
  colWaits: "\u7B49\u5F85",
  colLockNodes: "\u9501\u8282\u70B9",
  colDataWatches: "\u6570\u636E\u76D1\u542C",
  colEphemerals: "\u4E34\u65F6\u8282\u70B9",
  colEphemeralsTitle: "\u5B83\u5728\u4EFB\u4F55\u4F4D\u7F6E\u62E5\u6709\u7684\u4E34\u65F6\u8282\u70B9\uFF08ZooKeeper \u7684 dump\uFF09",
  colExpires: "\u8FC7\u671F",
  colExpiresTitle: "\u9664\u975E\u6536\u5230\u5B83\u7684\u6D88\u606F\uFF0C\u5426\u5219 ZooKeeper \u4F55\u65F6\u4F7F\u5B83\u8FC7\u671F\uFF08leader \u4E0A\u7684 dump\uFF09",
  persistentOwner: "\u65E0\uFF08\u6301\u4E45\u8282\u70B9\uFF09",
  sessionDeadlockTitle: "\u5B83\u5728\u67D0\u4E2A\u9501\u4E2D\u7B49\u5F85\u4E00\u4E2A\u4E5F\u5728\u7B49\u5B83\u7684\u4F1A\u8BDD\uFF1A\u89C1\u7B49\u5F85\u56FE",
  noneWord: "\u65E0",
  roleHolds: "\u6301\u6709",
  roleWaits: "\u7B49\u5F85",
  moreNodes: "\u8FD8\u6709 {n} \u4E2A\uFF08\u6309\u9501\u7B5B\u9009\u53EF\u627E\u5230\uFF09",
  watchesUnknownTitle: "\u6CA1\u6709\u8BE2\u95EE ZooKeeper\uFF0C\u6216\u5B83\u4E0D\u5141\u8BB8 wchc",
  unknownWord: "\u672A\u77E5",
  moreWatches: "\u8FD8\u6709 {n} \u4E2A",
  waitsTitle: "\u8C01\u5728\u7B49\u8C01",
  waitsLead: "\u672C\u5DE5\u5177\u8DDF\u8E2A\u7684\u6240\u6709\u9501\u4E2D\uFF0C\u6BCF\u4E2A\u6301\u6709\u9501\u7684\u4F1A\u8BDD\uFF0C\u4EE5\u53CA\u7B49\u5F85\u5B83\u7684\u4F1A\u8BDD\u3002\u4E00\u4E2A\u73AF\u5C31\u662F\u4E00\u4E2A\u6B7B\u9501\uFF1A\u73AF\u4E0A\u7684\u4F1A\u8BDD\u8C01\u4E5F\u4E0D\u4F1A\u81EA\u5DF1\u7EE7\u7EED\u4E0B\u53BB\u3002",
  waitsGraphName: "\u7B49\u5F85\u56FE",
  waitsGraphLabel: "\u7B49\u5F85\u56FE\uFF1A{sessions} \u4E2A\u6301\u6709\u9501\u7684\u4F1A\u8BDD\uFF0C{groups} \u7EC4\u7B49\u5F85\u8005\uFF0C{deadlocks} \u4E2A\u6B7B\u9501",
  waitsEdgeGroup: "{n} \u4E2A\u7B49\u5F85\u8005\u5728 {lock} \u4E2D\u7B49\u5F85 {to}",
  waitsEdgeSession: "{from} \u5728 {lock} \u4E2D\u7B49\u5F85 {to}",
  waitsGroupAria: "{lock} \u4E2D {n} \u4E2A\u4E0D\u6301\u6709\u4EFB\u4F55\u9501\u7684\u7B49\u5F85\u8005",
  waitsSessionAria: "\u4F1A\u8BDD {id}",
  waitsFrom: "\uFF0C\u6765\u81EA {client}",
  waitsDeadlockedAria: "\uFF0C\u5904\u4E8E\u6B7B\u9501",
  waitersOne: "1 \u4E2A\u7B49\u5F85\u8005",
  waitersMany: "{n} \u4E2A\u7B49\u5F85\u8005",
  listSeparator: "\u3001",
  ghostNoToken: "\u5B83\u6CA1\u6709\u53EF\u51FA\u793A\u7684\u4EE4\u724C",
  ghostNobody: "\u4EE4\u724C {token}\uFF1B\u73B0\u5728\u6CA1\u6709\u4EBA\u6301\u6709",
  ghostFenced: "\u4EE4\u724C {token} < \u6301\u6709\u8005\u7684 {holder}\uFF1A\u5DF2\u88AB\u9632\u62A4\u62D2\u7EDD",
  ghostNewer: "\u4EE4\u724C {token} \u2265 \u6301\u6709\u8005\u7684 {holder}",
  ghostTitle: "{id}\uFF08\u4F1A\u8BDD {session}\uFF09\u4ECD\u4EE5\u4E3A\u81EA\u5DF1\u6301\u6709\u9501\uFF0C\u4F46 ZooKeeper \u5DF2\u628A\u9501\u4EA4\u7ED9\u4E86\u522B\u4EBA\u3002{verdict}\u3002",
  ghostRole: "\u4EE5\u4E3A\u81EA\u5DF1\u6301\u6709",
  ghostPaused: " \xB7 \u5DF2\u505C\u987F",
  outsideTitleOne: "1 \u4E2A\u5728\u8FD9\u91CC\u6CA1\u6709\u8282\u70B9\u7684\u4F1A\u8BDD\u76D1\u542C\u8FD9\u4E2A\u8282\u70B9\uFF1A{sessions}",
  outsideTitle: "{n} \u4E2A\u5728\u8FD9\u91CC\u6CA1\u6709\u8282\u70B9\u7684\u4F1A\u8BDD\u76D1\u542C\u8FD9\u4E2A\u8282\u70B9\uFF1A{sessions}",
  outsideCountOne: "1 \u4E2A\u5728\u76D1\u542C",
  outsideCount: "{n} \u4E2A\u5728\u76D1\u542C",
  silentNow: "\u6CA1\u6709\u8FDE\u63A5 \xB7 \u5373\u5C06\u8FC7\u671F",
  silentIn: "\u6CA1\u6709\u8FDE\u63A5 \xB7 {duration}\u540E\u8FC7\u671F",
  silentAria: "\uFF1B\u5B83\u7684\u4F1A\u8BDD\u6CA1\u6709\u8FDE\u63A5\uFF0CZooKeeper \u5C06\u5728 {duration}\u540E\u4F7F\u5176\u8FC7\u671F",
  palTitle: "\u547D\u4EE4\u9762\u677F",
  palOpenTitle: "\u547D\u4EE4\u9762\u677F\uFF08Ctrl+K\uFF09",
  palPrompt: "\u524D\u5F80\u4E00\u4E2A\u9501\u6216\u9875\u9762\uFF0C\u6216\u5BF9\u9009\u4E2D\u7684\u8282\u70B9\u6267\u884C\u64CD\u4F5C",
  palCommands: "\u547D\u4EE4",
  palNothing: "\u6CA1\u6709\u4E0E\u201C{query}\u201D\u5339\u914D\u7684\u9879",
  palKeys: "\u2191\u2193 \u9009\u62E9 \xB7 Enter \u524D\u5F80 \xB7 Esc \u5173\u95ED",
  palOpen: "\u6253\u5F00 {path}",
  palLocks: "\u9501\uFF1A\u627E\u5230\u7684\u6240\u6709\u9501",
  palSessions: "\u4F1A\u8BDD\uFF1A\u8C01\u62E5\u6709\u4EC0\u4E48",
  palWaitsFor: "\u7B49\u5F85\u56FE\uFF1A\u8C01\u5728\u7B49\u8C01\uFF0C\u6B7B\u9501",
  palClassroom: "\u8BFE\u5802\uFF1A\u7F8A\u7FA4\u4E0E\u94FE\u5F0F",
  palHintPage: "\u9875\u9762",
  palHintLock: "\u9501",
  palHintPath: "\u8DEF\u5F84",
  palHintNode: "\u8282\u70B9",
  palHintFault: "\u6545\u969C",
  minimapLabel: "\u6574\u4E2A\u961F\u5217\uFF1A\u70B9\u51FB\u8DF3\u8F6C",
  selectedLabel: "\u5DF2\u9009\u4E2D",
  closeLabel: "\u5173\u95ED",
  waitsSessionHeading: "\u4F1A\u8BDD {id}",
  waitsIn: "\u7B49\u5F85\u4E8E",
  nothingWord: "\u65E0",
  onCycle: "\u5904\u4E8E\u6B7B\u9501\u73AF\u4E0A\uFF1A\u5B83\u5728\u7B49\u5F85\u4E00\u4E2A\u4E5F\u5728\u7B49\u5B83\u7684\u4F1A\u8BDD\u3002",
  openInSessions: "\u5728\u4F1A\u8BDD\u8868\u4E2D\u6253\u5F00",
  groupHeadingOne: "1 \u4E2A\u4E0D\u6301\u6709\u4EFB\u4F55\u9501\u7684\u7B49\u5F85\u8005",
  groupHeading: "{n} \u4E2A\u4E0D\u6301\u6709\u4EFB\u4F55\u9501\u7684\u7B49\u5F85\u8005",
  groupIn: "\u5728 {lock} \u4E2D\uFF1A\u6BCF\u4E2A\u90FD\u5728\u7B49\u5F85\u8BE5\u9501\u7684\u6301\u6709\u8005\u3002",
  readingWaits: "\u6B63\u5728\u8BFB\u53D6\u8C01\u5728\u7B49\u8C01\u2026",
  deadlocksHeading: "\u6B7B\u9501\u73AF",
  cycleOf: "{n} \u4E2A\u4F1A\u8BDD\u76F8\u4E92\u7B49\u5F85\uFF1B\u5176\u4E2D\u4E00\u4E2A\u73AF\uFF0C\u5171 {steps} \u6B65\uFF1A",
  noCycle: "\u6CA1\u6709\u73AF\uFF1A\u6BCF\u4E2A\u7B49\u5F85\u4E2D\u7684\u4F1A\u8BDD\uFF0C\u7B49\u5F85\u7684\u90FD\u662F\u80FD\u7EE7\u7EED\u4E0B\u53BB\u7684\u4F1A\u8BDD\u3002",
  stepWaits: "{session}{client} \u5728 {lock} \u4E2D\u7B49\u5F85 {holder}",
  onlyCycles: "\u53EA\u770B\u73AF\u4E0A\u7684\u4F1A\u8BDD",
  legendSessionsOne: "1 \u4E2A\u4F1A\u8BDD\u6301\u6709\u9501",
  legendSessions: "{n} \u4E2A\u4F1A\u8BDD\u6301\u6709\u9501",
  legendGroups: "\uFF1B{n} \u4E2A\u4E0D\u6301\u6709\u4EFB\u4F55\u9501\u7684\u7B49\u5F85\u8005\u6309\u9501\u5404\u753B\u6210\u4E00\u4E2A\u6846",
  legendRest: "\u3002\u7BAD\u5934\u4ECE\u7B49\u5F85\u8005\u6307\u5411\u6301\u6709\u5B83\u6240\u7B49\u5F85\u7684\u9501\u7684\u4F1A\u8BDD\uFF1B\u7EA2\u8272\u7BAD\u5934\u6784\u6210\u4E00\u4E2A\u73AF\u3002\u9009\u62E9\u4E00\u4E2A\u6807\u8BB0\uFF08\u70B9\u51FB\u3001\u8F7B\u89E6\uFF0C\u6216\u6309 Tab \u518D\u6309 Enter\uFF09\u53EF\u67E5\u770B\u5B83\u7684\u4F1A\u8BDD\u3001\u5BA2\u6237\u7AEF\u548C\u9501\u3002",
  omittedText: "\u4E3A\u4E86\u4FDD\u6301\u53EF\u8BFB\uFF0C\u56FE\u4E2D\u753B\u51FA\u73AF\u4E0A\u7684\u6BCF\u4E2A\u4F1A\u8BDD\u548C\u6700\u7E41\u5FD9\u7684\u9501\uFF1A\u53E6\u6709 {locks}\u3001{sessions}\u548C{groups}\u6CA1\u6709\u753B\u51FA\u3002{sessionsLink}\u9875\u9762\u5217\u51FA\u4E86\u5168\u90E8\u3002",
  omittedLocksOne: "1 \u4E2A\u8F83\u7A7A\u95F2\u7684\u9501",
  omittedLocks: "{n} \u4E2A\u8F83\u7A7A\u95F2\u7684\u9501",
  omittedSessionsOne: "1 \u4E2A\u4F1A\u8BDD",
  omittedSessions: "{n} \u4E2A\u4F1A\u8BDD",
  omittedGroupsOne: "1 \u7EC4\u7B49\u5F85\u8005",
  omittedGroups: "{n} \u7EC4\u7B49\u5F85\u8005",
  sessionsLinkWord: "\u4F1A\u8BDD",
  layingOut: "\u6B63\u5728\u5E03\u5C40\u2026",
  noHolderTitle: "\u73B0\u5728\u6CA1\u6709\u4EBA\u6301\u6709\u9501",
  noHolderText: "\u4E00\u65E6\u6709\u4F1A\u8BDD\u6301\u6709\u672C\u5DE5\u5177\u8DDF\u8E2A\u7684\u9501\uFF08\u6839\u8DEF\u5F84\u4E0B\u7684\u6BCF\u4E2A\u9501\uFF0C\u4EE5\u53CA\u6BCF\u4E2A\u6253\u5F00\u7684\u9501\u9875\u9762\uFF09\uFF0C\u5B83\u5C31\u4F1A\u51FA\u73B0\u5728\u8FD9\u91CC\u3002",
  ...LOCK_PAGE_ZH
};
var MESSAGES = { en, zh };
function translate(language, key, values = {}) {
  return MESSAGES[language][key].replace(/\{(\w+)\}/g, (whole, name) => name in values ? String(values[name]) : whole);
}
var ANOMALY_WORDS = {
  deadlock: { label: "kindDeadlock", message: "anomalyDeadlock" },
  "persistent-node": { label: "kindPersistentNode", message: "anomalyPersistentNode" },
  orphan: { label: "kindOrphan", message: "anomalyOrphan" },
  "wrong-watch": { label: "kindWrongWatch", message: "anomalyWrongWatch" },
  "no-watch": { label: "kindNoWatch", message: "anomalyNoWatch" },
  herd: { label: "kindHerd", message: "anomalyHerd" },
  "sequence-wrap": { label: "kindSequenceWrap", message: "anomalySequenceWrap" },
  "stale-holder": { label: "kindStaleHolder", message: "anomalyStaleHolder" },
  "holder-disconnected": { label: "kindHolderDisconnected", message: "anomalyHolderDisconnected" }
};
function anomalyLabel(language, kind) {
  return translate(language, ANOMALY_WORDS[kind].label);
}
function describeAnomaly(language, kind, params) {
  const words = ANOMALY_WORDS[kind];
  const message2 = kind === "orphan" && "count" in params ? "anomalyOrphans" : words.message;
  return { label: anomalyLabel(language, kind), message: translate(language, message2, params) };
}

// lib/lock/indexes.ts
var KEPT = 3;
function remember(memo, nodes, value) {
  memo.set(nodes, value);
  if (memo.size > KEPT) memo.delete(memo.keys().next().value);
  return value;
}
function handOn(memo, from, to, edit) {
  const value = memo.get(from);
  if (value === void 0) return;
  memo.delete(from);
  edit(value);
  remember(memo, to, value);
}
function nodeIndexes() {
  return { byName: /* @__PURE__ */ new Map(), owners: /* @__PURE__ */ new Map(), data: /* @__PURE__ */ new Map() };
}
function keepOnly(indexes, nodes) {
  for (const memo of [indexes.byName, indexes.owners]) for (const kept of memo.keys()) if (kept !== nodes) memo.delete(kept);
}
function nodesByName(nodes, indexes) {
  return indexes.byName.get(nodes) ?? remember(indexes.byName, nodes, new Map(nodes.map((node) => [node.name, node])));
}

// lib/zk/path.ts
var MAX_ZNODE_PATH_LENGTH = 1024;
var FORBIDDEN_CHARACTER = /[\u0000-\u001f\u007f-\u009f\ud800-\uf8ff\ufff0-\uffff]/u;
function znodePathError(path) {
  if (path.length === 0) return "a znode path must not be empty";
  if (path.length > MAX_ZNODE_PATH_LENGTH) {
    return `a znode path must be at most ${MAX_ZNODE_PATH_LENGTH} characters (got ${path.length})`;
  }
  if (!path.startsWith("/")) return 'a znode path must start with "/"';
  if (path === "/") return null;
  if (path.endsWith("/")) return 'a znode path must not end with "/"';
  if (FORBIDDEN_CHARACTER.test(path)) return "a znode path must not contain control or reserved characters";
  for (const segment of path.slice(1).split("/")) {
    if (segment === "") return 'a znode path must not contain an empty segment ("//")';
    if (segment === "." || segment === "..") return 'a znode path must not contain "." or ".." segments';
  }
  return null;
}
function childPath(parent, name) {
  return parent === "/" ? ["/", name].join("") : [parent, "/", name].join("");
}
function parentPath(path) {
  const cut = path.lastIndexOf("/");
  return cut <= 0 ? "/" : path.slice(0, cut);
}
function nameOf(path) {
  return path.slice(path.lastIndexOf("/") + 1);
}
function isWithin(path, root) {
  if (root === "/") return true;
  return path === root || path.startsWith(`${root}/`);
}

// lib/zk/ids.ts
function longBytesToHex(bytes, offset) {
  const at = checkedOffset(bytes, offset);
  return hexOfHalves(uint32At(bytes, at), uint32At(bytes, at + 4));
}
function hexOfHalves(high, low) {
  return high === 0 ? `0x${low.toString(16)}` : `0x${high.toString(16)}${low.toString(16).padStart(8, "0")}`;
}
function longBytesToNumber(bytes, offset) {
  const at = checkedOffset(bytes, offset);
  return (uint32At(bytes, at) | 0) * 4294967296 + uint32At(bytes, at + 4);
}
var EPOCH_LIMIT = 2 ** 21;
var TWO_32 = 2 ** 32;
function zxidAt(bytes, offset) {
  const at = checkedOffset(bytes, offset);
  const epoch = uint32At(bytes, at);
  if (epoch >= EPOCH_LIMIT) throw new RangeError(`zxid of epoch ${epoch}: epochs from 2^21 on are not read`);
  return epoch * TWO_32 + uint32At(bytes, at + 4);
}
function zxidHex(zxid) {
  return hexOfHalves(Math.floor(zxid / TWO_32), zxid >>> 0);
}
function zxidOf(hex) {
  return parseInt(hex.slice(2), 16);
}
function uint32At(bytes, at) {
  return (bytes[at] << 24 | bytes[at + 1] << 16 | bytes[at + 2] << 8 | bytes[at + 3]) >>> 0;
}
function checkedOffset(bytes, offset) {
  if (offset === void 0) {
    if (bytes.length !== 8) throw new RangeError(`expected 8 bytes, got ${bytes.length}`);
    return 0;
  }
  if (!Number.isInteger(offset) || offset < 0 || offset + 8 > bytes.length) throw new RangeError(`no 8-byte field at ${offset} of ${bytes.length} bytes`);
  return offset;
}
var NO_SESSION = "0x0";
function idHexes(kept) {
  const known = /* @__PURE__ */ new Map();
  let size = 0;
  return (bytes, offset) => {
    const at = checkedOffset(bytes, offset);
    const high = uint32At(bytes, at);
    const low = uint32At(bytes, at + 4);
    const found = known.get(high)?.get(low);
    if (found !== void 0) return found;
    if (size >= kept) {
      known.clear();
      size = 0;
    }
    let lows = known.get(high);
    if (lows === void 0) {
      lows = /* @__PURE__ */ new Map();
      known.set(high, lows);
    }
    const hex = hexOfHalves(high, low);
    lows.set(low, hex);
    size += 1;
    return hex;
  };
}

// lib/protocol/znode.ts
import { z } from "zod";
var ZnodePath = z.string().superRefine((path, ctx) => {
  const error = znodePathError(path);
  if (error !== null) ctx.addIssue({ code: "custom", message: error });
});
var HexId = z.string().regex(/^0x[0-9a-f]{1,16}$/);
var ZnodeStatSchema = z.object({
  czxid: HexId,
  mzxid: HexId,
  pzxid: HexId,
  ctime: z.number(),
  mtime: z.number(),
  version: z.number().int(),
  cversion: z.number().int(),
  aversion: z.number().int(),
  ephemeralOwner: HexId,
  dataLength: z.number().int(),
  numChildren: z.number().int()
});
var IntrospectionSourceSchema = z.enum(["four-letter-words", "admin-server"]);

// lib/protocol/lock.ts
import { z as z2 } from "zod";

// lib/lock/recipes/recipe.ts
function defineRecipe(recipe) {
  return recipe;
}
var SEQ = "(?:\\d{10}|-\\d{9,10})";
var UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
function sequentialLayout(kind, prefix, owner) {
  return { kind, pattern: new RegExp(`^${prefix}${SEQ}$`), sequential: true, owner };
}
var INT32_OFFSET = 2 ** 31;
function numericKey(value) {
  return String(value + INT32_OFFSET).padStart(10, "0");
}
var byText = { id: "text", key: (entry) => entry.seq.text };
var byValue = { id: "value", key: (entry) => numericKey(entry.seq.value) };
function compareKeys(a, b) {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
function modeOf(kind, rules) {
  if (rules.readKinds === null) return rules.mode ?? "exclusive";
  return rules.readKinds.has(kind) ? "read" : "write";
}

// lib/lock/recipes/bookkeeper-auditor.ts
var bookkeeperAuditor = defineRecipe({
  id: "bookkeeper-auditor",
  name: "BookKeeper AuditorElector",
  layouts: [sequentialLayout("bookkeeper-vote", "V_")],
  queue: { watch: "exists", sort: byValue }
});

// lib/lock/recipes/curator-mutex.ts
var curatorOwner = (name) => name.slice(3, 39);
var CURATOR_LOCK = sequentialLayout("curator-lock", `_c_${UUID}-lock-`, curatorOwner);
var curatorMutex = defineRecipe({
  id: "curator-mutex",
  name: "Curator lock (InterProcessMutex layout)",
  candidates: ["Curator InterProcessMutex", "Curator LeaderSelector", "a part of Curator InterProcessMultiLock"],
  layouts: [CURATOR_LOCK],
  queue: { watch: "data", sort: byText }
});

// lib/lock/recipes/curator-latch.ts
var curatorLatch = defineRecipe({
  id: "curator-latch",
  name: "Curator LeaderLatch",
  layouts: [sequentialLayout("curator-latch", `_c_${UUID}-latch-`, curatorOwner)],
  queue: { watch: "data", sort: byText }
});

// lib/lock/recipes/curator-rwlock.ts
var READ = sequentialLayout("curator-read", `_c_${UUID}-__READ__`, curatorOwner);
var WRITE = sequentialLayout("curator-write", `_c_${UUID}-__WRIT__`, curatorOwner);
var curatorRwLock = defineRecipe({
  id: "curator-rwlock",
  name: "Curator InterProcessReadWriteLock",
  layouts: [READ, WRITE],
  // A thread that holds the write lock may take the read lock too.
  ownerHoldsBothModes: true,
  queue: { watch: "data", sort: byText, readers: { layouts: [READ], waitOn: "first-writer" } }
});

// lib/lock/sequence.ts
var Suffix = class {
  constructor(name, start, value) {
    this.name = name;
    this.start = start;
    this.value = value;
  }
  name;
  start;
  value;
  get prefix() {
    return this.name.slice(0, this.start);
  }
  get text() {
    return this.name.slice(this.start);
  }
};
var INT32_MAX = 2 ** 31 - 1;
function parseSequence(name) {
  const ten = /(\d{10})$/.exec(name);
  if (ten?.[1] !== void 0) {
    const digits = ten[1];
    const magnitude = Number(digits);
    const before = name.length - 10;
    if (magnitude > INT32_MAX) {
      if (magnitude === INT32_MAX + 1 && name[before - 1] === "-") {
        return new Suffix(name, before - 1, -magnitude);
      }
      return null;
    }
    return new Suffix(name, before, magnitude);
  }
  const wrapped = /(-\d{9})$/.exec(name);
  if (wrapped?.[1] !== void 0) {
    const text2 = wrapped[1];
    return new Suffix(name, name.length - text2.length, Number(text2));
  }
  return null;
}

// lib/lock/recipes/semaphore.ts
function semaphoreLeases(tools, records, parent, keyOf, context) {
  return records.map((record) => ({ record, key: `a${keyOf(record)}${record.name}` })).sort((a, b) => compareKeys(a.key, b.key)).map(
    ({ record, key }) => tools.place(record, childPath(parent, record.name), { queue: "", sequence: parseSequence(record.name)?.value ?? null, sortKey: key, role: "holder", mode: "lease", predecessor: null, watch: null }, context)
  );
}
function semaphoreQueue(tools, entries, leasesParent, context) {
  return tools.queue(
    entries,
    { queue: "", group: "b", watch: "data", key: byText, readKinds: null, mode: "lease", readerWaitsOn: "nearest-writer", headWaits: { type: "children", path: leasesParent } },
    context
  );
}

// lib/lock/recipes/curator-semaphore.ts
var CURATOR_DIR = { kind: "curator-dir", pattern: /^(?:locks|leases)$/, sequential: false };
var LEASE = sequentialLayout("curator-lease", `_c_${UUID}-lease-`, curatorOwner);
var curatorSemaphore = defineRecipe({
  id: "curator-semaphore",
  name: "Curator InterProcessSemaphoreV2",
  layouts: [CURATOR_DIR, LEASE],
  // Its `leases/` is what tells it: a lone `locks/` is as often a directory of named locks (`/app/locks/<name>`) as a semaphore's internal mutex.
  recognise: (names) => names.includes("leases") && names.every((name) => CURATOR_DIR.pattern.test(name)),
  auxiliaryParents: (path) => [childPath(path, "locks"), childPath(path, "leases")],
  analyze: (input, context, tools) => {
    const leasesPath = childPath(input.path, "leases");
    const leases = semaphoreLeases(tools, tools.listing(input, leasesPath).children, leasesPath, (record) => parseSequence(record.name)?.text ?? "", context);
    const queue = semaphoreQueue(tools, tools.entries(tools.listing(input, childPath(input.path, "locks")), () => true), leasesPath, context);
    const acquirer = queue[0]?.sessionId;
    const last = leases.at(-1);
    if (last !== void 0 && acquirer !== void 0 && last.sessionId === acquirer) {
      leases[leases.length - 1] = { ...last, role: "waiter", watch: { type: "children", path: leasesPath } };
    }
    return { nodes: [...leases, ...queue] };
  }
});

// lib/lock/recipes/ephemeral-claims.ts
var BLOCK = sequentialLayout("clickhouse-block", "block-");
var HOLDER = sequentialLayout("clickhouse-holder", "abandonable_lock-");
var ephemeralClaims = defineRecipe({
  id: "ephemeral-claims",
  name: "Ephemeral claims (each node holds its own number)",
  candidates: ["ClickHouse block numbers (block-N)", "ClickHouse insert holders (abandonable_lock-N)"],
  layouts: [BLOCK, HOLDER],
  analyze: (input, context, tools) => {
    const nodes = tools.entries(input.root, (kind) => kind === BLOCK.kind || kind === HOLDER.kind).map((entry) => {
      const sortKey = numericKey(entry.seq.value);
      return tools.place(entry.record, entry.path, { queue: entry.name, sequence: entry.seq.value, sortKey, role: "holder", mode: "exclusive", predecessor: null, watch: null }, context);
    });
    return { nodes: nodes.sort((a, b) => compareKeys(a.sortKey, b.sortKey)) };
  }
});

// lib/lock/recipes/single-node.ts
function holder(tools, record, path, context) {
  return tools.place(record, path, { queue: record.name, sequence: null, sortKey: record.name, role: "holder", mode: "exclusive", predecessor: null, watch: null }, context);
}
function singleNodes(input, context, tools) {
  const self = input.self;
  if (self !== null && input.root.children.length === 0 && self.stat.ephemeralOwner !== NO_SESSION) {
    return [holder(tools, { name: nameOf(input.path), stat: self.stat, data: self.data }, input.path, context)];
  }
  return input.root.children.filter((record) => record.stat.numChildren === 0 && tools.kindOf(record) !== CURATOR_DIR.kind).map((record) => holder(tools, record, childPath(input.path, record.name), context)).sort((a, b) => compareKeys(a.sortKey, b.sortKey));
}
var HBASE_SERVER_NAME = { kind: "hbase-server", pattern: /^[^,/]+,\d+,\d+$/, sequential: false, beforeSequence: true };
var singleNode = defineRecipe({
  id: "single-node",
  name: "One ephemeral node per resource",
  candidates: ["a lock of one ephemeral node per resource, whose losers watch it (a herd on one node)"],
  layouts: [HBASE_SERVER_NAME],
  analyze: (input, context, tools) => ({ nodes: singleNodes(input, context, tools) })
});

// lib/lock/recipes/fallbacks.ts
var herd = defineRecipe({
  id: "herd",
  name: "Herd lock (every waiter watches the children)",
  layouts: [],
  anySequential: true,
  queue: { watch: "children", sort: byText }
});
var generic = defineRecipe({
  id: "generic",
  name: "Sequential nodes",
  layouts: [],
  anySequential: true,
  queue: { watch: "exists", sort: byText }
});
var unknown = defineRecipe({
  id: "unknown",
  name: "No contenders yet",
  layouts: [],
  analyze: (input, context, tools) => {
    const nodes = singleNodes(input, context, tools);
    return nodes.length > 0 ? { nodes, readAs: "single-node" } : { nodes };
  }
});

// lib/lock/recipes/go-zookeeper.ts
var goZookeeper = defineRecipe({
  id: "go-zookeeper",
  name: "go-zookeeper Lock",
  layouts: [sequentialLayout("go-lock", "_c_[0-9a-f]{32}-lock-")],
  queue: { watch: "data", sort: byValue }
});

// lib/lock/recipes/kazoo-lock.ts
var kazooOwner = (name) => name.slice(0, 32);
var KAZOO_LOCK = sequentialLayout("kazoo-lock", "[0-9a-f]{32}__lock__", kazooOwner);
var kazooLock = defineRecipe({
  id: "kazoo-lock",
  name: "Kazoo Lock",
  candidates: ["Kazoo Lock", "Kazoo WriteLock with no reader waiting"],
  layouts: [KAZOO_LOCK],
  queue: { watch: "data", sort: byText }
});

// lib/lock/recipes/kazoo-rwlock.ts
var READ2 = sequentialLayout("kazoo-read", "[0-9a-f]{32}__rlock__", kazooOwner);
var kazooRwLock = defineRecipe({
  id: "kazoo-rwlock",
  name: "Kazoo ReadLock / WriteLock",
  layouts: [KAZOO_LOCK, READ2],
  // With only writers left it looks like a Kazoo Lock: it stays what it was.
  keepsHint: true,
  queue: { watch: "data", sort: byText, readers: { layouts: [READ2], waitOn: "nearest-writer" } }
});

// lib/lock/recipes/kazoo-semaphore.ts
var LEASE2 = { kind: "kazoo-lease", pattern: /^[0-9a-f]{32}$/, sequential: false };
var COUNT = /^\d+$/;
function kazooSemaphoreQueue(path) {
  return `${path}-__lock__`;
}
var kazooSemaphore = defineRecipe({
  id: "kazoo-semaphore",
  name: "Kazoo Semaphore",
  layouts: [LEASE2],
  // Kazoo keeps max_leases as the semaphore path's data, so an empty one is still known.
  recognise: (names, selfData) => names.length > 0 ? names.every((name) => LEASE2.pattern.test(name)) : selfData?.text != null && COUNT.test(selfData.text),
  auxiliaryParents: (path) => [kazooSemaphoreQueue(path)],
  analyze: (input, context, tools) => {
    const leases = semaphoreLeases(
      tools,
      input.root.children.filter((record) => LEASE2.pattern.test(record.name)),
      input.path,
      (record) => record.stat.czxid.slice(2).padStart(16, "0"),
      context
    );
    const queue = semaphoreQueue(tools, tools.entries(tools.listing(input, kazooSemaphoreQueue(input.path)), (kind) => kind === KAZOO_LOCK.kind), input.path, context);
    const limit = input.self?.data?.text;
    return { nodes: [...leases, ...queue], maxLeases: limit != null && COUNT.test(limit) ? Number(limit) : null };
  }
});

// lib/lock/recipes/menagerie-rwlock.ts
var READ3 = sequentialLayout("menagerie-read", "readLock-");
var menagerieRwLock = defineRecipe({
  id: "menagerie-rwlock",
  name: "menagerie ReentrantZkReadWriteLock",
  layouts: [READ3, sequentialLayout("menagerie-write", "writeLock-")],
  queue: { watch: "exists", sort: byValue, readers: { layouts: [READ3], waitOn: "nearest-writer" } }
});

// lib/lock/recipes/named-locks.ts
var NAMED = sequentialLayout("named-lock", ".+_lock_");
var SUFFIX = "_lock_";
var namedLocks = defineRecipe({
  id: "named-locks",
  name: "Named locks under one parent (<name>_lock_N)",
  candidates: ["a hand-written lock that keeps several named locks under one parent"],
  layouts: [NAMED],
  analyze: (input, context, tools) => {
    const groups = /* @__PURE__ */ new Map();
    for (const entry of tools.entries(input.root, (kind) => kind === NAMED.kind)) {
      const lockName = entry.seq.prefix.slice(0, -SUFFIX.length);
      const group = groups.get(lockName);
      if (group === void 0) groups.set(lockName, [entry]);
      else group.push(entry);
    }
    const nodes = [...groups.keys()].sort(compareKeys).flatMap((lockName) => tools.queue(groups.get(lockName) ?? [], { queue: lockName, watch: "exists", key: byText, readKinds: null, readerWaitsOn: "nearest-writer" }, context));
    return { nodes };
  }
});

// lib/lock/recipes/sequential-lock.ts
var sequentialLock = defineRecipe({
  id: "sequential-lock",
  name: "Sequential lock (lock-N nodes)",
  candidates: ["menagerie ReentrantZkLock", "ZooKeeper's documented lock recipe", "a hand-written lock"],
  layouts: [sequentialLayout("lock-seq", "lock-")],
  queue: { watch: "exists", sort: byValue }
});

// lib/lock/recipes/solr-election.ts
var solrElection = defineRecipe({
  id: "solr-election",
  name: "Solr LeaderElector",
  layouts: [sequentialLayout("solr-election", "-?\\d+-.+-n_")],
  queue: { watch: "data", sort: byValue }
});

// lib/lock/recipes/zk-shared-lock.ts
var READ4 = sequentialLayout("doc-read", "read-");
var zkSharedLock = defineRecipe({
  id: "zk-shared-lock",
  name: "ZooKeeper's documented shared lock (read-N, write-N)",
  layouts: [READ4, sequentialLayout("doc-write", "write-")],
  queue: { watch: "exists", sort: byValue, readers: { layouts: [READ4], waitOn: "nearest-writer" } }
});

// lib/lock/recipes/zk-writelock.ts
var byWriteLockNumber = {
  id: "writelock",
  key: (entry) => {
    const name = entry.name;
    const cut = name.lastIndexOf("-");
    return `${numericKey(Number.parseInt(name.slice(cut + 1), 10))}${name.slice(0, cut)}`;
  }
};
var zkWriteLock = defineRecipe({
  id: "zk-writelock",
  name: "ZooKeeper recipes' WriteLock",
  layouts: [sequentialLayout("zk-write", "x-\\d+-", (name) => name.slice(2, name.indexOf("-", 2)))],
  queue: { watch: "exists", sort: byWriteLockNumber }
});

// lib/lock/recipes/index.ts
var RECIPES = [
  curatorMutex,
  curatorRwLock,
  curatorSemaphore,
  curatorLatch,
  kazooLock,
  kazooRwLock,
  kazooSemaphore,
  zkWriteLock,
  goZookeeper,
  solrElection,
  bookkeeperAuditor,
  ephemeralClaims,
  sequentialLock,
  menagerieRwLock,
  zkSharedLock,
  namedLocks,
  singleNode,
  herd,
  generic,
  unknown
];
var RECIPE_IDS = RECIPES.map((recipe) => recipe.id);

// lib/protocol/lock.ts
var LockRoleSchema = z2.enum(["holder", "waiter"]);
var LockModeSchema = z2.enum(["exclusive", "read", "write", "lease"]);
var RecipeIdSchema = z2.enum(RECIPE_IDS);
var RecipeInfoSchema = z2.object({
  id: RecipeIdSchema,
  /** A human name, e.g. "Curator InterProcessMutex". */
  name: z2.string(),
  /** Why the layout was read this way when it is not clear-cut (mixed or unknown layouts). */
  note: z2.string().nullable(),
  /** A semaphore's lease limit, when ZooKeeper holds it (Kazoo stores it as the path's data). */
  maxLeases: z2.number().int().nullable(),
  /** The clients, recipes and systems that make this very layout, when the names cannot tell which of them it is. */
  candidates: z2.array(z2.string()),
  /** What the recipe was told from besides the names (ZooKeeper's report of who woke), when it was. */
  evidence: z2.string().nullable(),
  /** The distributed system whose lock this is, where its path, names and data prove it (e.g. "Apache Kafka (ZooKeeper mode)"); null otherwise. */
  system: z2.string().nullable(),
  /** What the lock is to that system (e.g. "controller election: …"); null with no system. */
  role: z2.string().nullable(),
  /** The system's layout that named it, `<system>/<layout>` (e.g. `kafka/controller`); null with no system. */
  systemLayout: z2.string().nullable(),
  /** What the system keeps beside the lock says of it (a leader node, a breadcrumb); null when nothing. */
  systemNote: z2.string().nullable(),
  /** Its holders hold for as long as they lead or live (a system's election or membership): a long hold is no stale holder. */
  longHolds: z2.boolean()
});
var WatchSpecSchema = z2.object({
  type: z2.enum(["data", "exists", "children"]),
  path: z2.string()
});
var NodeDataSchema = z2.object({
  size: z2.number().int().nonnegative(),
  text: z2.string().nullable(),
  hex: z2.string().nullable(),
  truncated: z2.boolean()
});
var LockNodeSchema = z2.object({
  name: z2.string(),
  /** The node's full znode path (semaphores keep nodes under more than one parent). */
  path: z2.string(),
  /** Which queue of the lock parent it is in: '' for a single queue, else the lock's name when several named locks share one parent (`<name>_lock_N`). */
  queue: z2.string(),
  /** The sequence counter ZooKeeper appended (negative once it wrapped); null for non-sequential nodes. */
  sequence: z2.number().int().nullable(),
  /** Nodes sort by this string in the order their client sorts them. */
  sortKey: z2.string(),
  role: LockRoleSchema,
  mode: LockModeSchema,
  /** The owning session (`stat.ephemeralOwner`); `0x0` for a persistent node. */
  sessionId: HexId,
  ephemeral: z2.boolean(),
  /** Creation and last modification time, ms since the epoch (ZooKeeper's clock). */
  ctime: z2.number(),
  mtime: z2.number(),
  /** The creating transaction: a fencing token that grows with every new holder. */
  czxid: HexId,
  /** The node this waiter waits on; null for a holder and for a waiter that watches a parent. */
  predecessor: z2.string().nullable(),
  /** The watch this node's recipe sets while it waits; null for a holder. */
  watch: WatchSpecSchema.nullable(),
  data: NodeDataSchema.nullable(),
  /** When the explorer saw the node take its current role (ms); null when it was already so when first read. */
  roleSince: z2.number().nullable(),
  /** Sessions holding a data watch on this node, as ZooKeeper reports them (wchc); null when unknown. */
  watchers: z2.array(HexId).nullable(),
  /** The client address of the owner session's connection (cons); null when unknown. */
  client: z2.string().nullable(),
  /** Whether ZooKeeper confirms the watch the recipe says this waiter sets; null when it cannot tell. */
  watchConfirmed: z2.boolean().nullable(),
  /** The contender as its system names it ("broker 3", "NameNode nn1 (host:8020)"); null where the lock is no known system's or its node says nothing. */
  identity: z2.string().nullable(),
  /** Its data as its system's format reads, field by field; null where none applies. */
  decoded: z2.record(z2.string(), z2.string()).nullable()
});
var DeadlockStepSchema = z2.object({
  session: HexId,
  /** Where the session connects from (ZooKeeper's `cons`); null when unknown. */
  client: z2.string().nullable(),
  /** The lock it waits in. */
  waitsIn: z2.string(),
  /** The session holding that lock: the next step of the cycle. */
  waitsFor: HexId
});
var DeadlockSchema = z2.object({
  /** Every session of the cycle (a strongly connected part of the waits-for graph), sorted. */
  sessions: z2.array(HexId),
  /** The locks of the cycle, sorted. */
  locks: z2.array(z2.string()),
  /** One cycle through them, step by step. */
  cycle: z2.array(DeadlockStepSchema),
  message: z2.string()
});
var AnomalyKindSchema = z2.enum(["deadlock", "holder-disconnected", "no-watch", "wrong-watch", "orphan", "persistent-node", "stale-holder", "herd", "sequence-wrap"]);
var AnomalySchema = z2.object({
  kind: AnomalyKindSchema,
  node: z2.string().nullable(),
  /** The sentence in English. */
  message: z2.string(),
  /** The values the sentence was made from, for saying it in the page's language. */
  params: z2.record(z2.string(), z2.union([z2.string(), z2.number()])).optional(),
  /** For a `deadlock`: the cycle this lock is part of. */
  deadlock: DeadlockSchema.optional()
});
var LockReadSchema = z2.object({
  /** ms since the epoch, the explorer's clock. */
  at: z2.number(),
  /** The lock parent's pzxid: the transaction of its last child created or deleted; null while it does not exist. */
  pzxid: HexId.nullable()
});
var LockSnapshotSchema = z2.object({
  path: z2.string(),
  exists: z2.boolean(),
  /** Grows by one with every delta, so a client can tell that it missed one. */
  version: z2.number().int().nonnegative(),
  recipe: RecipeInfoSchema,
  /** The nodes in queue order. */
  nodes: z2.array(LockNodeSchema),
  holders: z2.array(z2.string()),
  waiters: z2.array(z2.string()),
  anomalies: z2.array(AnomalySchema),
  /** When the explorer last knew this to be ZooKeeper's state, and the lock parent's pzxid then; null before the first read. */
  read: LockReadSchema.nullable()
});
var ColumnsLockSnapshotSchema = LockSnapshotSchema.omit({ nodes: true, holders: true, waiters: true }).extend({
  form: z2.literal("columns"),
  /** How many nodes the runs hold. */
  count: z2.number().int().nonnegative(),
  /** The nodes in runs of consecutive nodes, each column by column. */
  chunks: z2.array(z2.object({ count: z2.number().int().nonnegative(), columns: z2.record(z2.string(), z2.unknown()) }))
});
var SnapshotFormSchema = z2.enum(["nodes", "columns"]);
var LockDeltaSchema = z2.object({
  path: z2.string(),
  version: z2.number().int().positive(),
  exists: z2.boolean(),
  /** Nodes that came. */
  added: z2.array(LockNodeSchema),
  /** Names of the nodes that went. */
  removed: z2.array(z2.string()),
  /** Nodes that stayed but changed, for example a waiter promoted to holder. */
  updated: z2.array(LockNodeSchema),
  /** The recipe, when it changed; null otherwise. */
  recipe: RecipeInfoSchema.nullable(),
  /** The anomalies, when they changed; null otherwise. */
  anomalies: z2.array(AnomalySchema).nullable(),
  /**
   * When this change was read, and the parent's pzxid; null when it was no read of ZooKeeper
   * (anomalies only). A deletion is applied without a read (a persistent watch says it all): the
   * pzxid it moved follows within a quarter of a second, in a delta that changes nothing else.
   */
  read: LockReadSchema.nullable()
});
var LockActivitySchema = z2.object({
  handoversPerMinute: z2.number().nonnegative(),
  /** The 99th percentile of the waits that ended in a hold (seconds); null when none did. */
  waitP99: z2.number().nonnegative().nullable()
});
var LockSummarySchema = z2.object({
  path: z2.string(),
  exists: z2.boolean(),
  recipe: RecipeInfoSchema,
  /** Names of the holding nodes. */
  holders: z2.array(z2.string()),
  /** Sessions of the holders, in the same order. */
  holderSessions: z2.array(HexId),
  /** Where each holder's session connects from (ZooKeeper's `cons`), in the same order; null where unknown. */
  holderClients: z2.array(z2.string().nullable()),
  /** Each holder as its system names it ("broker 3"), in the same order; null where none does. */
  holderIdentities: z2.array(z2.string().nullable()),
  /** How many wait. */
  queueLength: z2.number().int().nonnegative(),
  /** Since when the longest current holder holds (ms): when the explorer saw it take the lock, else its creation. */
  holderSince: z2.number().nullable(),
  /** Creation time of the longest-waiting node (ms). */
  oldestWaiterSince: z2.number().nullable(),
  anomalies: z2.number().int().nonnegative(),
  /** The kinds of those anomalies, each once, the worst first: a deadlock is flagged on the row. */
  anomalyKinds: z2.array(AnomalyKindSchema),
  /** How busy it was over the last five minutes (see `GET /api/history`); null before the explorer has seen it change. */
  activity: LockActivitySchema.nullable()
});
var DiscoveryStatusSchema = z2.object({
  /** How the locks that have a live contender are found: from the ephemeral nodes ZooKeeper lists (`dump`), or by the scan alone; in replay, from ZooKeeper's files. */
  method: z2.enum(["ephemerals", "scan", "files"]),
  /** How a new lock or a gone one is noticed: a persistent recursive watch on each root, or a child watch on every node scanned; `none` in replay. */
  live: z2.enum(["pending", "recursive-watch", "child-watches", "none"]),
  ephemerals: z2.object({
    /** `off`: not asked (no introspection); `refused`: no member would list them (see `reason`). */
    state: z2.enum(["off", "pending", "running", "done", "refused"]),
    /** The member that listed them, and how. */
    server: z2.string().nullable(),
    source: IntrospectionSourceSchema.nullable(),
    /** How many ephemeral nodes it listed. */
    nodes: z2.number().int().nonnegative(),
    /** Why no member listed them, member by member. */
    reason: z2.string().nullable(),
    /** When they were read (ms). */
    at: z2.number().nullable()
  }),
  scan: z2.object({
    /** `capped`: it stopped at DISCOVERY_MAX_NODES. */
    state: z2.enum(["pending", "running", "done", "capped"]),
    /** Znodes read so far. */
    read: z2.number().int().nonnegative(),
    /** How many znodes lie below the roots (ZooKeeper's getAllChildrenNumber); null before it answered, or before 3.6. */
    total: z2.number().int().nonnegative().nullable(),
    /** The most it reads a second (DISCOVERY_READS_PER_SECOND). */
    readsPerSecond: z2.number().positive(),
    startedAt: z2.number().nullable(),
    endedAt: z2.number().nullable()
  })
});
var LockListSchema = z2.object({
  roots: z2.array(z2.string()),
  locks: z2.array(LockSummarySchema),
  /** True when a bound of the scan was hit (DISCOVERY_MAX_NODES, depth), so that some locks may be missing. */
  partial: z2.boolean(),
  /** Why the list is partial, when it is. */
  partialReason: z2.string().nullable(),
  /** True once every lock that has a live contender is listed (from the ephemeral nodes), or the scan has read the whole tree. */
  complete: z2.boolean(),
  /** How many znodes the scan read. */
  scannedNodes: z2.number().int().nonnegative(),
  discovery: DiscoveryStatusSchema
});
var LockListChangeSchema = LockListSchema.omit({ locks: true }).extend({
  upserted: z2.array(LockSummarySchema),
  removed: z2.array(z2.string())
});

// lib/protocol/sim.ts
import { z as z3 } from "zod";
var StrategySchema = z3.enum(["herd", "chained", "chained-getdata", "single-node", "read", "write", "semaphore", "no-watch"]);
var SpawnRequestSchema = z3.strictObject({
  path: ZnodePath,
  count: z3.number().int().min(1).max(1e3),
  strategy: StrategySchema,
  /** How long each holds the lock (ms). */
  holdMs: z3.number().int().min(0).max(36e5).default(1e3),
  /** How many times each takes the lock before it is done; 0 means until stopped. */
  rounds: z3.number().int().min(0).max(1e5).default(1),
  /** Pause between rounds (ms). */
  thinkMs: z3.number().int().min(0).max(36e5).default(0),
  sessionTimeoutMs: z3.number().int().min(1e3).max(6e5).default(1e4),
  /** For `semaphore`: how many may hold at once. */
  maxLeases: z3.number().int().min(1).max(1e3).default(1),
  /** Embed a GUID in the node name, so that a create whose reply was lost can find its node. */
  protected: z3.boolean().default(true),
  /** Stop these contenders and remove their nodes after this long (ms), whoever forgets them. */
  ttlMs: z3.number().int().min(1e3).max(864e5).optional(),
  /** When they stop, remove the lock's znode too, and its parent if that is left empty (never the sandbox root). */
  removeParent: z3.boolean().optional()
});
var ContenderStateSchema = z3.enum(["connecting", "waiting", "holding", "done", "crashed", "expired", "paused", "closed"]);
var ContenderInfoSchema = z3.object({
  id: z3.string(),
  path: z3.string(),
  strategy: StrategySchema,
  state: ContenderStateSchema,
  sessionId: HexId.nullable(),
  /** Its current node's name, or null between rounds. */
  node: z3.string().nullable(),
  /** The fencing token of its current node. */
  czxid: HexId.nullable(),
  /** True while paused with the lock held: it still believes it holds. */
  believesHolding: z3.boolean(),
  round: z3.number().int().nonnegative(),
  acquisitions: z3.number().int().nonnegative(),
  /** Watch notifications received. */
  notifications: z3.number().int().nonnegative(),
  /** Notifications after which it still did not hold: the herd effect's waste. */
  wakeups: z3.number().int().nonnegative(),
  getChildren: z3.number().int().nonnegative(),
  /** Every request it sent to ZooKeeper. */
  requests: z3.number().int().nonnegative(),
  /** Bytes of child names it read with getChildren. */
  childBytes: z3.number().int().nonnegative(),
  waitMs: z3.number().nonnegative(),
  holdMs: z3.number().nonnegative(),
  /** Mutual-exclusion violations this contender took part in. */
  violations: z3.number().int().nonnegative(),
  error: z3.string().nullable()
});
var ContenderActionSchema = z3.enum(["release", "crash", "expire", "pause", "disconnect-during-create"]);
var ActionRequestSchema = z3.strictObject({
  /** For `pause`: how long it stops heartbeating (ms). */
  ms: z3.number().int().min(1).max(6e5).optional()
});
var SocketActionSchema = z3.strictObject({
  id: z3.string().min(1).max(64),
  action: ContenderActionSchema,
  ms: z3.number().int().min(1).max(6e5).optional()
});
var ContenderListSchema = z3.object({
  contenders: z3.array(ContenderInfoSchema),
  violations: z3.array(z3.object({ path: z3.string(), contenders: z3.array(z3.string()), at: z3.number(), message: z3.string() }))
});
var SpawnResponseSchema = z3.object({ contenders: z3.array(ContenderInfoSchema) });
var StopResponseSchema = z3.object({ stopped: z3.number().int().nonnegative() });
var ActionResponseSchema = z3.object({ contender: ContenderInfoSchema });

// lib/protocol/ops.ts
import { z as z4 } from "zod";
var SessionSummarySchema = z4.object({
  sessionId: HexId,
  /** Its lock nodes, the holders first: at most the first 20 (a filter's matches before the rest). */
  nodes: z4.array(z4.object({ lock: z4.string(), name: z4.string(), role: LockRoleSchema, mode: LockModeSchema })),
  /** How many lock nodes it owns in all. */
  nodeCount: z4.number().int().nonnegative(),
  holds: z4.number().int().nonnegative(),
  waits: z4.number().int().nonnegative(),
  /** Where it connects from (ZooKeeper's `cons`); null when unknown. */
  client: z4.string().nullable(),
  /** The first paths it watches (ZooKeeper's `wchc`); null when ZooKeeper was not asked or would not say. */
  watches: z4.array(z4.string()).nullable(),
  /** How many paths it watches in all. */
  watchCount: z4.number().int().nonnegative(),
  /** The explorer's own session, or one of its simulated contenders; null for everyone else's. */
  origin: z4.enum(["explorer", "simulated"]).nullable(),
  /** Its ephemeral nodes anywhere in the tree (ZooKeeper's `dump`); null when unknown. */
  ephemeralCount: z4.number().int().nonnegative().nullable(),
  /** When ZooKeeper will expire it unless it is heard from (ms; `dump` on the leader); null when unknown. */
  expiresAt: z4.number().nullable(),
  /**
   * Whether a member holds a connection for it: `none` when ZooKeeper keeps the session (its
   * `dump` gives an expiry) but no member lists a connection (`cons`): a crashed or cut-off
   * client, whose nodes stay until the expiry; `unknown` when ZooKeeper was not asked or would not say.
   */
  connection: z4.enum(["connected", "none", "unknown"]),
  /** Whether it is on a cycle of the waits-for graph: it waits, in a lock, for a session that waits for it. */
  deadlocked: z4.boolean()
});
var SessionListSchema = z4.object({
  sessions: z4.array(SessionSummarySchema),
  /** True when more sessions match than were listed (after `offset`). */
  truncated: z4.boolean(),
  /** How many sessions match the filter, in all. */
  total: z4.number().int().nonnegative(),
  /** The place of the first listed among them. */
  offset: z4.number().int().nonnegative()
});
var SessionQuerySchema = z4.object({
  q: z4.string().max(200).default(""),
  offset: z4.coerce.number().int().nonnegative().max(1e7).default(0),
  limit: z4.coerce.number().int().min(1).max(500).default(100)
});
var ZkConnectionStateSchema = z4.enum([
  "connecting",
  "connected",
  "read-only",
  "disconnected",
  "expired",
  "auth-failed",
  "tls-failed",
  "closed"
]);
var ZkStatusSchema = z4.object({
  state: ZkConnectionStateSchema,
  embedded: z4.boolean(),
  connectString: z4.string(),
  /** Null while no session is established. */
  sessionId: HexId.nullable(),
  /** When the state last changed, ms since the epoch: how stale the data may be while not connected. */
  since: z4.number(),
  /** Why the last attempt to connect failed (a refused certificate, a wrong password, a refused connection); null while connected. */
  reason: z4.string().nullable()
});
var FeaturesSchema = z4.object({
  /** Simulated contenders: on when the ZooKeeper is embedded or ALLOW_SIMULATION is set. */
  simulation: z4.boolean(),
  /** Why simulation is off, when it is. */
  simulationReason: z4.string().nullable(),
  /** The only subtree simulations may touch. */
  simRoot: z4.string(),
  /** Whether controls need `Authorization: Bearer <token>`. */
  tokenRequired: z4.boolean(),
  /** Whether a lock node may be deleted from the page to break a stuck lock (ALLOW_BREAK_LOCKS). */
  breakLocks: z4.boolean()
});
var ZnodeDetailSchema = z4.object({
  path: z4.string(),
  stat: ZnodeStatSchema,
  data: NodeDataSchema.nullable()
});
var MonitorSchema = z4.object({
  servers: z4.array(z4.object({ server: z4.string(), values: z4.record(z4.string(), z4.number()) })),
  /** When ZooKeeper was last asked (ms); null before the first answer. */
  at: z4.number().nullable()
});
var BreakRequestSchema = z4.strictObject({
  /** The lock's path. */
  path: ZnodePath,
  /** The node's name, a child of the lock (or of one of its parents, for a semaphore). */
  node: z4.string().min(1).max(1024).refine((name) => !name.includes("/"), "must be a child name, without /"),
  /** The czxid the page showed: a node created since under the same name is left alone. */
  czxid: HexId
});
var DiagnosticsSchema = z4.object({
  anomalies: z4.array(AnomalySchema.extend({ path: z4.string() })),
  deadlocks: z4.array(DeadlockSchema),
  staleHolderMs: z4.number()
});
var WaitsForGraphSchema = z4.object({
  sessions: z4.array(
    z4.object({
      id: HexId,
      client: z4.string().nullable(),
      /** The locks it holds. */
      holds: z4.array(z4.string()),
      /** The locks it waits in. */
      waitsIn: z4.array(z4.string()),
      deadlocked: z4.boolean()
    })
  ),
  groups: z4.array(z4.object({ id: z4.string(), lock: z4.string(), count: z4.number().int().positive() })),
  /** `from` waits in `lock` for `to` (a session id, or a group's id for `from`). */
  edges: z4.array(z4.object({ from: z4.string(), to: HexId, lock: z4.string(), deadlocked: z4.boolean() })),
  deadlocks: z4.array(DeadlockSchema),
  /** What was left out to keep the picture readable: every session on a cycle is drawn, then the busiest locks. */
  omitted: z4.object({ sessions: z4.number().int().nonnegative(), groups: z4.number().int().nonnegative(), locks: z4.number().int().nonnegative() })
});
var IntrospectionStatusSchema = z4.object({
  available: z4.boolean(),
  reason: z4.string().nullable(),
  /** When the servers were last asked (ms). */
  at: z4.number().nullable(),
  servers: z4.array(
    z4.object({
      server: z4.string(),
      ok: z4.boolean(),
      /** Why neither source told this member's watches and connections. */
      error: z4.string().nullable(),
      /** Which source answered; null when none did. */
      source: IntrospectionSourceSchema.nullable(),
      /** Why the four-letter words did not (all) answer, when they did not: the AdminServer stood in. */
      refused: z4.string().nullable()
    })
  ),
  /** How often the members are asked now (ms): longer than configured while they are slow to answer; null while idle. */
  intervalMs: z4.number().nullable()
});
var HealthResponseSchema = z4.object({
  ok: z4.boolean(),
  zookeeper: ZkStatusSchema,
  features: FeaturesSchema,
  introspection: IntrospectionStatusSchema,
  /** How locks are followed: one persistent recursive watch per lock parent (ZooKeeper 3.6+), or one-shot watches where the server refused those, and why. */
  watches: z4.object({ mode: z4.enum(["persistent-recursive", "one-shot"]), reason: z4.string().nullable() }),
  /** How the locks under LOCK_ROOTS are found (from ZooKeeper's ephemeral nodes, or by the scan, and why), how far the scan is, and how many are followed. */
  discovery: DiscoveryStatusSchema.extend({ complete: z4.boolean(), locks: z4.number().int().nonnegative() })
});
var ErrorResponseSchema = z4.object({ error: z4.string() });
var BreakResponseSchema = z4.object({ deleted: z4.string(), role: LockRoleSchema, sessionId: HexId });
var RevokeResponseSchema = z4.object({ revoked: z4.string(), sessionId: HexId, listening: z4.boolean() });

// lib/protocol/socket.ts
import { z as z5 } from "zod";
var SubscribeRequestSchema = z5.strictObject({
  path: ZnodePath,
  /** `columns` sends the first snapshot as `lock:columns`, in its compact form; deltas are the same either way. */
  form: SnapshotFormSchema.optional()
});

// lib/protocol/history.ts
import { z as z6 } from "zod";
var HoldEndSchema = z6.enum(["released", "session-expired", "session-closed", "broken"]);
var HoldRecordSchema = z6.object({
  node: z6.string(),
  sessionId: HexId,
  /** Where its owner connected from, when ZooKeeper said. */
  client: z6.string().nullable(),
  mode: LockModeSchema,
  /** When it began to hold (ms); for a hold that began before the explorer followed the lock, its node's creation. */
  from: z6.number(),
  /** When it ended (ms); null while it holds. */
  to: z6.number().nullable(),
  ended: HoldEndSchema.nullable(),
  /** It already held when the explorer began to follow the lock: it may have held since before `from`. */
  before: z6.boolean()
});
var WaitRecordSchema = z6.object({
  node: z6.string(),
  sessionId: HexId,
  /** When its node was created (ms). */
  queuedAt: z6.number(),
  /** When it got the lock (ms); null while it waits or when it left without. */
  heldAt: z6.number().nullable(),
  /** When it left without holding (ms), if it did. */
  leftAt: z6.number().nullable()
});
var PercentilesSchema = z6.object({ count: z6.number().int().nonnegative(), p50: z6.number(), p95: z6.number(), p99: z6.number() });
var LockHistorySchema = z6.object({
  path: z6.string(),
  /** How many holds and how many waits are kept (the oldest go first). */
  capacity: z6.number().int().positive(),
  /** When the explorer began to follow the lock (ms). */
  since: z6.number(),
  /** Holds and waits that ended before this (ms) were left out (`?since=`); null when every record kept is listed. */
  recordsSince: z6.number().nullable(),
  holds: z6.array(HoldRecordSchema),
  waits: z6.array(WaitRecordSchema),
  stats: z6.object({
    /** The sliding window the figures are over (ms), ending at `at`. */
    windowMs: z6.number().int().positive(),
    at: z6.number(),
    /** Durations in seconds of the holds and waits that ended in the window; null when none did. */
    hold: PercentilesSchema.nullable(),
    wait: PercentilesSchema.nullable(),
    /** Holds that began in the window, per minute. */
    handoversPerMinute: z6.number().nonnegative()
  })
});
var HistorySinceText = z6.string().regex(/^\d{1,15}$/, "a time in ms since the epoch");
var HistorySinceSchema = HistorySinceText.transform(Number);

// lib/protocol/replay.ts
import { z as z7 } from "zod";
var ReplayFileSchema = z7.object({
  /** Its path as found. */
  path: z7.string(),
  kind: z7.enum(["log", "snapshot"]),
  /** The zxid in its name: a log's first transaction, the last one a snapshot had applied when it began. */
  zxid: HexId,
  bytes: z7.number().int().nonnegative(),
  /** Whether the replay used it (a snapshot older than the one chosen, or a log before it, is not needed). */
  used: z7.boolean(),
  /** The transactions read from it (a log), or its znodes (a snapshot). */
  count: z7.number().int().nonnegative(),
  /** What was wrong with it, when something was. */
  problem: z7.string().nullable()
});
var ReplayInfoSchema = z7.object({
  /** The directories given (ZK_REPLAY, --replay or ZK_DATA_DIR). */
  dirs: z7.array(z7.string()),
  /** The first and last moments shown (ms), and their zxids; null when no transaction was read. */
  from: z7.number().nullable(),
  to: z7.number().nullable(),
  firstZxid: HexId.nullable(),
  lastZxid: HexId.nullable(),
  /** How many transactions were replayed. */
  transactions: z7.number().int().nonnegative(),
  files: z7.array(ReplayFileSchema),
  /** Where the replay stopped before the end of the files: the file, the offset of the first entry not read, the last transaction applied. */
  stoppedAt: z7.object({ path: z7.string(), offset: z7.number().int().nonnegative(), zxid: HexId.nullable() }).nullable(),
  /** Why it stopped there, or why nothing could be read; null when every file was read whole. */
  reason: z7.string().nullable(),
  /** The files of a live ZooKeeper, followed as it writes them (live mode): a page may go back to the present. */
  live: z7.boolean()
});
var MOMENT_WRITTEN = "a zxid (0x\u2026) or a time in ms since the epoch";
var MomentText = z7.string().regex(/^(0x[0-9a-fA-F]{1,16}|\d{1,15})$/, MOMENT_WRITTEN);
var MomentSchema = z7.object({ zxid: HexId, time: z7.number() });
var LockChangesSchema = z7.object({ path: ZnodePath, changes: z7.array(MomentSchema) });
var ReplayMomentSchema = z7.object({
  /** The last transaction at or before the moment asked for. */
  at: MomentSchema,
  /** The clock the pages show (ages, durations): the time asked for, or the transaction's when a zxid or a change was asked for. */
  time: z7.number(),
  from: MomentSchema,
  to: MomentSchema
});
var ReplayLockSchema = z7.object({
  path: z7.string(),
  /** The lock's change before the moment and after it; null at either end. */
  previous: MomentSchema.nullable(),
  next: MomentSchema.nullable(),
  /** How many changes the lock had over the span. */
  changes: z7.number().int().nonnegative(),
  /** Its changes counted in CHANGE_BINS equal stretches of the span. */
  density: z7.array(z7.number().int().nonnegative())
});
var ReplayAtRequestSchema = z7.strictObject({ at: MomentText });
var ReplayStepRequestSchema = z7.strictObject({ path: ZnodePath, direction: z7.enum(["previous", "next"]) });

// lib/lock/node.ts
var NODE_FIELDS = Object.keys(LockNodeSchema.shape);
function sameNode(a, b) {
  if (a === b) return true;
  for (const field of NODE_FIELDS) if (!sameValue(a[field], b[field])) return false;
  return true;
}
function sameValue(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const left = a;
  const right = b;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) if (!(key in right) || !sameValue(left[key], right[key])) return false;
  return true;
}

// lib/lock/report.ts
var WATCH_GRACE_MS = 1e3;
var WATCH_MISSES = 2;
var NOBODY = [];
function sameList(a, b) {
  if (a === b) return true;
  if (a === null || b === null || a.length !== b.length) return false;
  return a.every((value, index) => value === b[index]);
}
function unobserved(watchPath, since) {
  return { reportAt: null, watchPath, since, misses: 0, watchers: NOBODY, client: null, watchConfirmed: null };
}
function observedWith(observed, report) {
  return observed.reportAt === report.at;
}
function observe(observed, report, owner, path) {
  observed.reportAt = report.at;
  observed.watchers = report.watchers.get(path) ?? NOBODY;
  observed.client = report.clients.get(owner) ?? null;
  const watchPath = observed.watchPath;
  if (watchPath === null || observed.client === null) {
    observed.misses = 0;
    observed.watchConfirmed = null;
  } else if ((report.watchers.get(watchPath) ?? NOBODY).includes(owner)) {
    observed.misses = 0;
    observed.watchConfirmed = true;
  } else if (report.at >= observed.since + WATCH_GRACE_MS) {
    observed.misses += 1;
    observed.watchConfirmed = observed.misses >= WATCH_MISSES ? false : null;
  } else {
    observed.watchConfirmed = null;
  }
}

// lib/lock/place.ts
function stateOf(record) {
  record.state ??= { reader: null, kind: "", layout: null, seq: null, path: void 0, sortKey: void 0, sortKeyRules: void 0, node: void 0, observed: void 0 };
  return record.state;
}
function ownerOf(node, layout) {
  if (layout?.owner !== void 0) return layout.owner(node.name);
  return node.ephemeral ? node.sessionId : null;
}
function reportedWatch(role, watch) {
  return role !== "waiter" || watch === null || watch.type === "children" ? null : watch.path;
}
function observedOf(state, watchPath, now) {
  let observed = state.observed;
  if (observed === void 0 || observed.watchPath !== watchPath) {
    observed = unobserved(watchPath, now);
    state.observed = observed;
  }
  return observed;
}
function place(record, state, path, fields2, context) {
  const old = context.previous?.get(record.name);
  let roleSince;
  if (old !== void 0) roleSince = old.role === fields2.role ? old.roleSince : context.now;
  else if (fields2.role === "waiter") roleSince = record.stat.ctime;
  else roleSince = context.previous === null ? null : context.now;
  const introspection = context.introspection ?? null;
  let watchers = null;
  let client = null;
  let watchConfirmed = null;
  const observed = observedOf(state, reportedWatch(fields2.role, fields2.watch), context.now);
  if (introspection !== null) {
    if (!observedWith(observed, introspection)) observe(observed, introspection, record.stat.ephemeralOwner, path);
    ({ watchers, client, watchConfirmed } = observed);
  }
  const { name, stat: stat2, data } = record;
  const ephemeral = stat2.ephemeralOwner !== NO_SESSION;
  const identified = context.identify === void 0 ? null : context.identify({ name, data, ephemeral });
  const node = {
    name,
    path,
    sessionId: stat2.ephemeralOwner,
    ephemeral,
    ctime: stat2.ctime,
    mtime: stat2.mtime,
    czxid: stat2.czxid,
    data,
    queue: fields2.queue,
    sequence: fields2.sequence,
    sortKey: fields2.sortKey,
    role: fields2.role,
    mode: fields2.mode,
    predecessor: fields2.predecessor,
    // `fields` may be a scratch object reused for the next entry: the node keeps copies.
    watch: fields2.watch === null ? null : { type: fields2.watch.type, path: fields2.watch.path },
    roleSince,
    watchers,
    client,
    watchConfirmed,
    identity: identified?.identity ?? null,
    decoded: identified?.decoded ?? null
  };
  if (state.node !== void 0 && sameNode(state.node, node)) return state.node;
  state.node = node;
  return node;
}
function reobserve(node, record, report, now) {
  const state = stateOf(record);
  const observed = observedOf(state, reportedWatch(node.role, node.watch), now);
  if (!observedWith(observed, report)) observe(observed, report, record.stat.ephemeralOwner, node.path);
  const { watchers, client, watchConfirmed } = observed;
  if (node.client === client && node.watchConfirmed === watchConfirmed && sameList(node.watchers, watchers)) return node;
  const next = { ...node, watchers, client, watchConfirmed };
  if (state.node === node) state.node = next;
  return next;
}
function awaitsJudgement(node) {
  return node.role === "waiter" && node.watch !== null && node.watch.type !== "children" && node.watchConfirmed === null && node.client !== null;
}

// lib/lock/standings.ts
function rulesSignature(rules) {
  return `${rules.group ?? ""}${rules.queue}${rules.key.id}`;
}
function sortKeyOf(entry, rules, signature = rulesSignature(rules)) {
  const state = entry.state;
  if (state.sortKey === void 0 || state.sortKeyRules !== signature) {
    state.sortKeyRules = signature;
    state.sortKey = [rules.group ?? "", rules.queue, "", rules.key.key(entry), "", entry.name].join("");
  }
  return state.sortKey;
}
function queueStandings(entries, rules) {
  const signature = rulesSignature(rules);
  const keys = entries.map((entry) => sortKeyOf(entry, rules, signature));
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i += 1) sorted = keys[i - 1] <= keys[i];
  let order = null;
  if (!sorted) order = entries.map((_, index) => index).sort((a, b) => compareKeys(keys[a], keys[b]));
  let firstWriter = null;
  let nearestWriter = null;
  let previous = null;
  const standings = [];
  for (let position = 0; position < entries.length; position += 1) {
    const index = order === null ? position : order[position];
    const entry = entries[index];
    const mode = modeOf(entry.kind, rules);
    let predecessor;
    if (mode === "read") {
      predecessor = rules.readerWaitsOn === "first-writer" ? firstWriter : nearestWriter;
    } else {
      predecessor = previous;
      firstWriter ??= entry;
      nearestWriter = entry;
    }
    previous = entry;
    standings.push({ entry, key: keys[index], mode, predecessor });
  }
  return standings;
}
function sequentialQueue(entries, rules, context) {
  const nodes = [];
  const watchScratch = { type: rules.watch, path: "" };
  const fields2 = { queue: rules.queue, sequence: null, sortKey: "", role: "waiter", mode: "exclusive", predecessor: null, watch: null };
  for (const { entry, key, mode, predecessor } of queueStandings(entries, rules)) {
    const head = predecessor === null;
    let watch;
    if (head) watch = rules.headWaits ?? null;
    else if (rules.watchParent !== void 0) watch = { type: "children", path: rules.watchParent };
    else {
      watchScratch.type = rules.watch;
      watchScratch.path = predecessor.path;
      watch = watchScratch;
    }
    fields2.sequence = entry.seq.value;
    fields2.sortKey = key;
    fields2.role = head && rules.headWaits === void 0 ? "holder" : "waiter";
    fields2.mode = mode;
    fields2.predecessor = rules.watchParent === void 0 ? predecessor?.name ?? null : null;
    fields2.watch = watch;
    nodes.push(place(entry.record, entry.state, entry.path, fields2, context));
  }
  return nodes;
}

// lib/lock/systems/system.ts
function say(language, en2, zh2) {
  return language === "zh" ? zh2 : en2;
}
function defineSystem(system) {
  return system;
}
function pathEnding(tail) {
  return new RegExp(`^(?:/[^/]+)*/${tail}$`);
}
function segments(path) {
  return path.split("/").slice(1);
}
function textOf(data) {
  return data?.text ?? null;
}
function jsonOf(data) {
  const text2 = textOf(data);
  if (text2 === null || !text2.trimStart().startsWith("{")) return null;
  try {
    const value = JSON.parse(text2);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
function shown(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}
function fields(entries) {
  const out = {};
  for (const [key, value] of entries) if (value !== void 0 && value !== null) out[key] = shown(value);
  return out;
}
function isoTime(ms) {
  const days = Math.floor(ms / 864e5);
  const inDay = ms - days * 864e5;
  const z8 = days + 719468;
  const era = Math.floor(z8 / 146097);
  const doe = z8 - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const two = (n) => String(n).padStart(2, "0");
  const time = `${two(Math.floor(inDay / 36e5))}:${two(Math.floor(inDay / 6e4) % 60)}:${two(Math.floor(inDay / 1e3) % 60)}.${String(inDay % 1e3).padStart(3, "0")}`;
  return `${String(year).padStart(4, "0")}-${two(month)}-${two(day)}T${time}Z`;
}
function timeField(value) {
  const ms = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isFinite(ms) && ms > 0) return isoTime(ms);
  return value === void 0 || value === null ? void 0 : shown(value);
}
function readProto(bytes) {
  const out = /* @__PURE__ */ new Map();
  let at = 0;
  const varint = () => {
    let value = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (at >= bytes.length) return null;
      const byte = bytes[at];
      at += 1;
      value |= BigInt(byte & 127) << shift;
      if ((byte & 128) === 0) return value;
    }
    return null;
  };
  const fixed = (size) => {
    if (at + size > bytes.length) return null;
    let value = 0n;
    for (let i = size - 1; i >= 0; i -= 1) value = value << 8n | BigInt(bytes[at + i]);
    at += size;
    return value;
  };
  while (at < bytes.length) {
    const key = varint();
    if (key === null) return null;
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (field === 0) return null;
    let value;
    if (wire === 0) value = varint();
    else if (wire === 1) value = fixed(8);
    else if (wire === 5) value = fixed(4);
    else if (wire === 2) {
      const length = varint();
      if (length === null || at + Number(length) > bytes.length) return null;
      value = bytes.subarray(at, at + Number(length));
      at += Number(length);
    } else return null;
    if (value === null) return null;
    out.set(field, value);
  }
  return out;
}
var utf8 = new TextDecoder("utf-8", { fatal: true });
function protoString(message2, field) {
  const value = message2.get(field);
  if (!(value instanceof Uint8Array)) return null;
  try {
    return utf8.decode(value);
  } catch {
    return null;
  }
}
function protoNumber(message2, field) {
  const value = message2.get(field);
  if (typeof value !== "bigint") return null;
  return Number(BigInt.asIntN(64, value));
}
function protoMessage(message2, field) {
  const value = message2.get(field);
  return value instanceof Uint8Array ? readProto(value) : null;
}

// lib/lock/systems/bookkeeper.ts
function decodeVote(node) {
  const match = /bookieId:\s*"([^"]+)"/.exec(textOf(node.data) ?? "");
  return match === null ? null : { identity: `bookie ${match[1]}`, decoded: fields([["bookie", match[1]]]) };
}
var bookkeeper = defineSystem({
  id: "bookkeeper",
  name: "Apache BookKeeper",
  sources: [
    "bookkeeper-server/src/main/java/org/apache/bookkeeper/meta/ZkLedgerAuditorManager.java",
    "bookkeeper-server/src/main/java/org/apache/bookkeeper/replication/AuditorElector.java",
    "bookkeeper-proto/src/main/proto/DataFormats.proto"
  ],
  layouts: [
    {
      id: "auditor-election",
      longHolds: true,
      path: pathEnding("underreplication/auditorelection"),
      recipes: ["bookkeeper-auditor"],
      role: (_path, _holder, language) => say(language, "auditor election: the holder is the auditor, each other bookie watches the vote before it", "\u5BA1\u8BA1\u8005\u9009\u4E3E\uFF1A\u6301\u6709\u8005\u662F\u5BA1\u8BA1\u8005\uFF0C\u5176\u4F59 bookie \u5404\u81EA\u76D1\u89C6\u6392\u5728\u5B83\u524D\u9762\u7684\u6295\u7968"),
      identify: decodeVote
    }
  ]
});

// lib/lock/systems/clickhouse.ts
function decodeBlock(node) {
  const holder2 = textOf(node.data)?.trim() ?? "";
  const number = parseSequence(node.name)?.value;
  if (number === void 0) return null;
  return { identity: `block ${number}`, decoded: fields([["block number", number], ["holder", holder2 === "" ? void 0 : holder2]]) };
}
var clickhouse = defineSystem({
  id: "clickhouse",
  name: "ClickHouse (ReplicatedMergeTree)",
  sources: ["src/Storages/MergeTree/EphemeralLockInZooKeeper.cpp", "src/Storages/MergeTree/EphemeralLockInZooKeeper.h", "src/Storages/StorageReplicatedMergeTree.cpp"],
  layouts: [
    {
      id: "block-numbers",
      path: pathEnding("block_numbers/[^/]+"),
      recipes: ["ephemeral-claims"],
      role: (path, _holder, language) => say(language, `block numbers of partition ${nameOf(path)} of ${segments(path).at(-3) ?? "?"}: each insert in progress holds its own`, `\u8868 ${segments(path).at(-3) ?? "?"} \u5206\u533A ${nameOf(path)} \u7684\u5757\u7F16\u53F7\uFF1A\u6BCF\u4E2A\u8FDB\u884C\u4E2D\u7684\u63D2\u5165\u5404\u6301\u6709\u4E00\u4E2A`),
      identify: decodeBlock
    },
    {
      id: "insert-holders",
      path: pathEnding("temp"),
      recipes: ["ephemeral-claims"],
      role: (path, _holder, language) => say(language, `insert holders of ${segments(path).at(-2) ?? "?"}: each holds the block numbers that name it`, `\u8868 ${segments(path).at(-2) ?? "?"} \u7684\u63D2\u5165\u6301\u6709\u8005\uFF1A\u5404\u81EA\u6301\u6709\u6307\u5411\u5B83\u7684\u5757\u7F16\u53F7`)
    }
  ]
});

// lib/lock/systems/curator-ids.ts
function participant(node, what, field = "participant id") {
  const id = textOf(node.data)?.trim() ?? "";
  return id === "" ? null : { identity: `${what} ${id}`, decoded: fields([[field, id]]) };
}
function under(path, name) {
  return path.split("/").some((segment) => name.test(segment));
}

// lib/lock/systems/druid.ts
var SOURCES = [
  "server/src/main/java/org/apache/druid/curator/discovery/CuratorDruidLeaderSelector.java",
  "server/src/main/java/org/apache/druid/server/initialization/ZkPathsConfig.java",
  "server/src/main/java/org/apache/druid/curator/discovery/DiscoveryModule.java"
];
var druid = defineSystem({
  id: "druid",
  name: "Apache Druid",
  sources: SOURCES,
  layouts: [
    {
      id: "coordinator",
      longHolds: true,
      path: pathEnding("_COORDINATOR"),
      recipes: ["curator-latch"],
      role: (_path, _holder, language) => say(language, "Coordinator leader election: the holder is the leading Coordinator", "Coordinator \u9886\u5BFC\u8005\u9009\u4E3E\uFF1A\u6301\u6709\u8005\u662F\u5F53\u524D\u9886\u5BFC\u7684 Coordinator"),
      identify: (node) => participant(node, "Coordinator", "URL")
    },
    {
      id: "overlord",
      longHolds: true,
      path: pathEnding("_OVERLORD"),
      recipes: ["curator-latch"],
      role: (_path, _holder, language) => say(language, "Overlord leader election: the holder is the leading Overlord", "Overlord \u9886\u5BFC\u8005\u9009\u4E3E\uFF1A\u6301\u6709\u8005\u662F\u5F53\u524D\u9886\u5BFC\u7684 Overlord"),
      identify: (node) => participant(node, "Overlord", "URL")
    }
  ]
});

// lib/lock/systems/elasticjob.ts
function decodeInstance(node) {
  const text2 = textOf(node.data)?.trim() ?? "";
  const match = /^(.+)@-@(\d+)$/.exec(text2);
  return match === null ? null : { identity: `instance ${text2}`, decoded: fields([["host", match[1]], ["process", match[2]]]) };
}
var jobOf = (path) => segments(path).at(-4) ?? path;
var elasticJob = defineSystem({
  id: "elasticjob",
  name: "Apache ShardingSphere ElasticJob",
  sources: [
    "elasticjob-kernel/src/main/java/org/apache/shardingsphere/elasticjob/kernel/internal/election/LeaderService.java",
    "elasticjob-kernel/src/main/java/org/apache/shardingsphere/elasticjob/kernel/internal/election/LeaderNode.java",
    "elasticjob-kernel/src/main/java/org/apache/shardingsphere/elasticjob/kernel/internal/storage/JobNodeStorage.java"
  ],
  layouts: [
    {
      id: "election-latch",
      path: pathEnding("leader/election/latch"),
      recipes: ["curator-latch"],
      role: (path, _holder, language) => say(language, `leader election of job ${jobOf(path)}: held only while an instance takes the lead`, `\u4F5C\u4E1A ${jobOf(path)} \u7684\u9886\u5BFC\u8005\u9009\u4E3E\uFF1A\u4EC5\u5728\u67D0\u4E2A\u5B9E\u4F8B\u63A5\u4EFB\u9886\u5BFC\u65F6\u77ED\u6682\u6301\u6709`)
    },
    {
      id: "leader-instance",
      longHolds: true,
      path: pathEnding("leader/election/instance"),
      recipes: ["single-node"],
      selfLock: "instance",
      role: (path, _holder, language) => say(language, `leader of job ${jobOf(path)}: the instance the node names`, `\u4F5C\u4E1A ${jobOf(path)} \u7684\u9886\u5BFC\u8005\uFF1A\u8282\u70B9\u4E2D\u8BB0\u5F55\u7684\u5B9E\u4F8B`),
      identify: decodeInstance,
      proves: (evidence) => evidence.nodes.some((node) => node.identity !== null)
    }
  ]
});

// lib/lock/systems/flink.ts
var FLINK = /^flink/i;
var flink = defineSystem({
  id: "flink",
  name: "Apache Flink (ZooKeeper HA)",
  sources: [
    "flink-runtime/src/main/java/org/apache/flink/runtime/leaderelection/ZooKeeperLeaderElectionDriver.java",
    "flink-runtime/src/main/java/org/apache/flink/runtime/util/ZooKeeperUtils.java"
  ],
  layouts: [
    {
      id: "latch",
      longHolds: true,
      path: pathEnding("latch"),
      recipes: ["curator-latch"],
      role: (_path, _holder, language) => say(language, "JobManager leader election (every component): the holder\u2019s JobManager leads", "JobManager \u9886\u5BFC\u8005\u9009\u4E3E\uFF08\u6240\u6709\u7EC4\u4EF6\uFF09\uFF1A\u6301\u6709\u8005\u6240\u5728\u7684 JobManager \u4E3A\u9886\u5BFC\u8005"),
      proves: (evidence) => under(evidence.path, FLINK)
    },
    {
      id: "component-latch",
      longHolds: true,
      path: pathEnding("leaderlatch/[^/]+"),
      recipes: ["curator-latch"],
      role: (path, _holder, language) => say(language, `leader election of ${nameOf(path)} (Flink before 1.15)`, `${nameOf(path)} \u7684\u9886\u5BFC\u8005\u9009\u4E3E\uFF08Flink 1.15 \u4E4B\u524D\uFF09`),
      proves: (evidence) => under(evidence.path, FLINK)
    }
  ]
});

// lib/lock/data.ts
var MAX_SHOWN_DATA_BYTES = 4096;
var UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
function describeData(bytes, alwaysHex = false, shared = null) {
  if (bytes === null) return null;
  const truncated = bytes.length > MAX_SHOWN_DATA_BYTES;
  const shown2 = truncated ? bytes.subarray(0, MAX_SHOWN_DATA_BYTES) : bytes;
  const decoded = decodeUtf8(shown2, truncated);
  const text2 = decoded !== null && !UNPRINTABLE.test(decoded) ? decoded : null;
  const described = { size: bytes.length, text: text2, hex: text2 === null || alwaysHex ? toHex(shown2) : null, truncated };
  return shared !== null && bytes.length <= SHARED_DATA_BYTES ? sharedOf(shared, described) : described;
}
var SHARED_DATA_BYTES = 256;
var SHARED_DATA_KEPT = 1e4;
function sharedOf(sharedData, data) {
  const key = data.text !== null && data.hex === null ? `t${data.text}` : `x${data.text ?? ""}\0${data.hex ?? ""}`;
  const known = sharedData.get(key);
  if (known !== void 0) return known;
  if (sharedData.size >= SHARED_DATA_KEPT) sharedData.clear();
  sharedData.set(key, data);
  return data;
}
var decoder = new TextDecoder("utf-8", { fatal: true });
function decodeUtf8(bytes, truncated) {
  for (let drop = 0; drop <= (truncated ? 3 : 0); drop += 1) {
    try {
      return decoder.decode(bytes.subarray(0, bytes.length - drop));
    } catch {
    }
  }
  return null;
}
var encoder = new TextEncoder();
function bytesOf(data) {
  if (data === null) return null;
  if (data.hex !== null) {
    const bytes = new Uint8Array(data.hex.length / 2);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(data.hex.slice(2 * i, 2 * i + 2), 16);
    return bytes;
  }
  return data.text === null ? null : encoder.encode(data.text);
}
function toHex(bytes) {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

// lib/lock/systems/hadoop-ha.ts
var LOCK = "ActiveStandbyElectorLock";
var BREADCRUMB = "ActiveBreadCrumb";
function decodeActiveData(node) {
  const bytes = bytesOf(node.data);
  const message2 = bytes === null ? null : readProto(bytes);
  if (message2 === null) return null;
  const first = protoString(message2, 1);
  const second = protoString(message2, 2);
  if (first === null || second === null) return null;
  const hostname = protoString(message2, 3);
  const port = protoNumber(message2, 4);
  if (hostname !== null && port !== null) {
    return {
      identity: `NameNode ${second} (${hostname}:${port})`,
      decoded: fields([
        ["nameservice", first],
        ["NameNode", second],
        ["host", hostname],
        ["RPC port", port],
        ["ZKFC port", protoNumber(message2, 5)]
      ])
    };
  }
  if (message2.size > 2) return null;
  return { identity: `ResourceManager ${second}`, decoded: fields([["cluster", first], ["ResourceManager", second]]) };
}
var hadoopHa = defineSystem({
  id: "hadoop-ha",
  name: "Hadoop HA (ZKFailoverController)",
  sources: [
    "hadoop-common-project/hadoop-common/src/main/java/org/apache/hadoop/ha/ActiveStandbyElector.java",
    "hadoop-hdfs-project/hadoop-hdfs/src/main/java/org/apache/hadoop/hdfs/tools/DFSZKFailoverController.java",
    "hadoop-hdfs-project/hadoop-hdfs/src/main/proto/HAZKInfo.proto",
    "hadoop-yarn-project/hadoop-yarn/hadoop-yarn-server/hadoop-yarn-server-resourcemanager/src/main/java/org/apache/hadoop/yarn/server/resourcemanager/ActiveStandbyElectorBasedElectorService.java",
    "hadoop-yarn-project/hadoop-yarn/hadoop-yarn-api/src/main/proto/server/yarn_server_resourcemanager_service_protos.proto"
  ],
  layouts: [
    {
      id: "active-standby-elector",
      longHolds: true,
      path: pathEnding(LOCK),
      recipes: ["single-node"],
      selfLock: LOCK,
      role: (path, holder2, language) => {
        const of = nameOf(parentPath(path));
        if (holder2?.identity.startsWith("NameNode")) return say(language, `HDFS NameNode failover of nameservice ${of}: the holder's NameNode is active`, `nameservice ${of} \u7684 HDFS NameNode \u6545\u969C\u5207\u6362\uFF1A\u6301\u6709\u8005\u7684 NameNode \u4E3A active`);
        if (holder2?.identity.startsWith("ResourceManager")) {
          return say(language, `YARN ResourceManager failover of cluster ${of}: the holder's ResourceManager is active`, `\u96C6\u7FA4 ${of} \u7684 YARN ResourceManager \u6545\u969C\u5207\u6362\uFF1A\u6301\u6709\u8005\u7684 ResourceManager \u4E3A active`);
        }
        return say(language, `active/standby election of ${of}: the holder is active, the failover controllers watching it stand by`, `${of} \u7684\u4E3B\u5907\u9009\u4E3E\uFF1A\u6301\u6709\u8005\u4E3A active\uFF0C\u76D1\u89C6\u5B83\u7684\u6545\u969C\u5207\u6362\u63A7\u5236\u5668\u4E3A standby`);
      },
      identify: decodeActiveData,
      auxiliaryParents: (path) => [parentPath(path)],
      note: (evidence) => {
        const crumb = evidence.listing(parentPath(evidence.path)).find((node) => node.name === BREADCRUMB);
        if (crumb === void 0) return null;
        const last = decodeActiveData(crumb)?.identity ?? null;
        if (last === null) return null;
        const holder2 = evidence.nodes[0]?.identity ?? null;
        if (holder2 === null) return `${BREADCRUMB} names ${last}, the last active: the next active fences it before it takes over.`;
        return holder2 === last ? `${BREADCRUMB} names the holder, the active one.` : `${BREADCRUMB} still names ${last}: the holder has not yet fenced the last active.`;
      }
    }
  ]
});

// lib/lock/systems/hbase.ts
var META_MAGIC = 255;
var PB_MAGIC = [80, 66, 85, 70];
function hbaseData(bytes) {
  let body = bytes;
  let writer = null;
  if (body.length > 5 && body[0] === META_MAGIC) {
    const idLength = new DataView(body.buffer, body.byteOffset + 1, 4).getInt32(0);
    if (idLength < 8 || 5 + idLength > body.length) return null;
    const id = body.subarray(5, 5 + idLength - 8);
    writer = new TextDecoder().decode(id);
    body = body.subarray(5 + idLength);
  }
  if (body.length < 4 || PB_MAGIC.some((byte, index) => body[index] !== byte)) return null;
  const message2 = readProto(body.subarray(4));
  return message2 === null ? null : { writer, message: message2 };
}
function serverName(message2) {
  const host = message2 === null ? null : protoString(message2, 1);
  return host === null ? null : { host, port: protoNumber(message2, 2), startCode: protoNumber(message2, 3) };
}
function decodeMaster(node) {
  const bytes = bytesOf(node.data);
  const read = bytes === null ? null : hbaseData(bytes);
  const server = serverName(read === null ? null : protoMessage(read.message, 1));
  if (read === null || server === null) return null;
  return {
    identity: `master ${server.host}:${server.port ?? "?"}`,
    decoded: fields([
      ["server", `${server.host},${server.port ?? ""},${server.startCode ?? ""}`],
      ["info port", protoNumber(read.message, 3)],
      ["RPC version", protoNumber(read.message, 2)],
      ["written by", read.writer]
    ])
  };
}
function decodeBackupMaster(node) {
  const match = /^([^,]+),(\d+),(\d+)$/.exec(node.name);
  if (match === null) return null;
  return { identity: `backup master ${match[1]}:${match[2]}`, decoded: decodeMaster(node)?.decoded ?? fields([["server", node.name]]) };
}
function decodeTableLock(node) {
  const bytes = bytesOf(node.data);
  const read = bytes === null ? null : hbaseData(bytes);
  if (read === null) return null;
  const owner = serverName(protoMessage(read.message, 2));
  const table = protoMessage(read.message, 1);
  const namespace = table === null ? null : protoString(table, 1);
  const qualifier = table === null ? null : protoString(table, 2);
  const created = protoNumber(read.message, 6);
  const purpose = protoString(read.message, 5);
  return {
    identity: owner === null ? purpose ?? "a table lock" : `${owner.host}:${owner.port ?? "?"}${purpose === null ? "" : ` (${purpose})`}`,
    decoded: fields([
      ["table", qualifier === null ? void 0 : namespace === null || namespace === "default" ? qualifier : `${namespace}:${qualifier}`],
      ["owner", owner === null ? void 0 : `${owner.host},${owner.port ?? ""},${owner.startCode ?? ""}`],
      ["thread", protoNumber(read.message, 3)],
      ["shared", read.message.has(4) ? protoNumber(read.message, 4) === 1 : void 0],
      ["purpose", purpose],
      ["created at", created === null ? void 0 : isoTime(created)],
      ["written by", read.writer]
    ])
  };
}
var SOURCES2 = [
  "hbase-zookeeper/src/main/java/org/apache/hadoop/hbase/zookeeper/MasterAddressTracker.java",
  "hbase-server/src/main/java/org/apache/hadoop/hbase/master/ActiveMasterManager.java",
  "hbase-zookeeper/src/main/java/org/apache/hadoop/hbase/zookeeper/RecoverableZooKeeper.java",
  "hbase-protocol/src/main/protobuf/ZooKeeper.proto",
  "hbase-server/src/main/java/org/apache/hadoop/hbase/zookeeper/lock/ZKInterProcessLockBase.java (1.x)",
  "hbase-server/src/main/java/org/apache/hadoop/hbase/zookeeper/lock/ZKInterProcessReadLock.java (1.x)"
];
var hbase = defineSystem({
  id: "hbase",
  name: "Apache HBase",
  sources: SOURCES2,
  layouts: [
    {
      id: "master",
      longHolds: true,
      path: pathEnding("master"),
      recipes: ["single-node"],
      selfLock: "master",
      role: (_path, _holder, language) => say(language, "active master election: the holder is the active master, the backup masters watch the node", "active master \u9009\u4E3E\uFF1A\u6301\u6709\u8005\u662F active master\uFF0Cbackup master \u76D1\u89C6\u8BE5\u8282\u70B9"),
      identify: decodeMaster,
      proves: (evidence) => evidence.nodes.some((node) => node.identity !== null)
    },
    {
      id: "backup-masters",
      longHolds: true,
      path: pathEnding("backup-masters"),
      recipes: ["single-node"],
      role: (_path, _holder, language) => say(language, "backup masters: each standby master registered, waiting for the master node to go", "backup master\uFF1A\u6BCF\u4E2A\u5DF2\u6CE8\u518C\u7684\u5907\u7528 master\uFF0C\u7B49\u5F85 master \u8282\u70B9\u6D88\u5931"),
      identify: decodeBackupMaster,
      proves: (evidence) => evidence.nodes.length > 0 && evidence.nodes.every((node) => node.identity !== null)
    },
    {
      id: "table-lock",
      path: pathEnding("table-lock/[^/]+"),
      recipes: ["zk-shared-lock"],
      role: (path, _holder, language) => say(language, `table lock of ${nameOf(path)} (HBase 1.x): schema changes write, region operations read`, `\u8868 ${nameOf(path)} \u7684\u8868\u9501\uFF08HBase 1.x\uFF09\uFF1Aschema \u53D8\u66F4\u52A0\u5199\u9501\uFF0Cregion \u64CD\u4F5C\u52A0\u8BFB\u9501`),
      identify: decodeTableLock
    }
  ]
});

// lib/lock/systems/helix.ts
function decodeLeader(node) {
  const json = jsonOf(node.data);
  if (json === null || typeof json.id !== "string") return null;
  const simple = typeof json.simpleFields === "object" && json.simpleFields !== null ? json.simpleFields : {};
  return {
    identity: `controller ${json.id}`,
    decoded: fields([
      ["controller", json.id],
      ["session", simple.SESSION_ID],
      ["process", simple.LIVE_INSTANCE],
      ["Helix version", simple.HELIX_VERSION]
    ])
  };
}
var helix = defineSystem({
  id: "helix",
  name: "Apache Helix",
  sources: ["helix-core/src/main/java/org/apache/helix/controller/DistributedLeaderElection.java", "helix-core/src/main/java/org/apache/helix/PropertyKey.java"],
  layouts: [
    {
      id: "controller-leader",
      longHolds: true,
      path: pathEnding("CONTROLLER/LEADER"),
      recipes: ["single-node"],
      selfLock: "LEADER",
      role: (path, _holder, language) => say(language, `controller leader of cluster ${segments(path).at(-3) ?? "?"}: the holder's controller manages the cluster`, `\u96C6\u7FA4 ${segments(path).at(-3) ?? "?"} \u7684 controller \u9886\u5BFC\u8005\uFF1A\u6301\u6709\u8005\u7684 controller \u7BA1\u7406\u8BE5\u96C6\u7FA4`),
      identify: decodeLeader
    }
  ]
});

// lib/lock/systems/hudi.ts
var hudi = defineSystem({
  id: "hudi",
  name: "Apache Hudi",
  sources: ["hudi-client/hudi-client-common/src/main/java/org/apache/hudi/client/transaction/lock/ZookeeperBasedLockProvider.java"],
  layouts: [
    {
      id: "table-write-lock",
      // Below a segment that names Hudi, anywhere above the lock key.
      path: /^(?:\/[^/]+)*\/[^/]*(?:hudi|hoodie)[^/]*(?:\/[^/]+)*\/[^/]+$/i,
      recipes: ["curator-mutex"],
      role: (path, _holder, language) => say(language, `write lock of table ${nameOf(path)}: one writer commits at a time`, `\u8868 ${nameOf(path)} \u7684\u5199\u9501\uFF1A\u540C\u4E00\u65F6\u95F4\u53EA\u6709\u4E00\u4E2A\u5199\u5165\u8005\u63D0\u4EA4`),
      identify: (node) => participant(node, "writer at", "client address")
    }
  ]
});

// lib/lock/systems/kafka.ts
function decodeController(node) {
  const json = jsonOf(node.data);
  const broker = json?.brokerid;
  if (json === null || typeof broker !== "number" || !Number.isInteger(broker)) return null;
  return {
    identity: `broker ${broker}`,
    decoded: fields([
      ["broker", broker],
      ["elected at", timeField(json.timestamp)],
      ["version", json.version],
      ["KRaft controller epoch", json.kraftControllerEpoch]
    ])
  };
}
function decodeBroker(node) {
  if (!/^\d+$/.test(node.name)) return null;
  const json = jsonOf(node.data);
  if (json === null) return null;
  const endpoints = Array.isArray(json.endpoints) ? json.endpoints.join(", ") : void 0;
  return {
    identity: `broker ${node.name}`,
    decoded: fields([
      ["broker", node.name],
      ["host", json.host],
      ["port", json.port],
      ["endpoints", endpoints],
      ["rack", json.rack],
      ["registered at", timeField(json.timestamp)]
    ])
  };
}
var kafka = defineSystem({
  id: "kafka",
  name: "Apache Kafka (ZooKeeper mode)",
  sources: ["core/src/main/scala/kafka/zk/ZkData.scala", "core/src/main/scala/kafka/zk/KafkaZkClient.scala", "core/src/main/scala/kafka/controller/KafkaController.scala"],
  layouts: [
    {
      id: "controller",
      longHolds: true,
      path: pathEnding("controller"),
      recipes: ["single-node"],
      selfLock: "controller",
      role: (_path, _holder, language) => say(language, "controller election: the holder is the controller, every other broker watches the node", "controller \u9009\u4E3E\uFF1A\u6301\u6709\u8005\u662F controller\uFF0C\u5176\u4F59 broker \u90FD\u76D1\u89C6\u8BE5\u8282\u70B9"),
      identify: decodeController,
      proves: (evidence) => evidence.nodes.some((node) => node.identity !== null)
    },
    {
      id: "broker-registrations",
      longHolds: true,
      path: pathEnding("brokers/ids"),
      recipes: ["single-node"],
      role: (_path, _holder, language) => say(language, "broker registrations: each live broker's node, a membership, not a lock", "broker \u6CE8\u518C\uFF1A\u6BCF\u4E2A\u5B58\u6D3B broker \u7684\u8282\u70B9\uFF0C\u662F\u6210\u5458\u5173\u7CFB\uFF0C\u4E0D\u662F\u9501"),
      identify: decodeBroker,
      proves: (evidence) => evidence.nodes.length > 0 && evidence.nodes.every((node) => node.identity !== null)
    }
  ]
});

// lib/lock/systems/pulsar.ts
function decodeLeaderBroker(node) {
  const json = jsonOf(node.data);
  const url = json?.serviceUrl;
  const id = json?.brokerId;
  if (typeof url !== "string" && typeof id !== "string") return null;
  return { identity: `broker ${typeof id === "string" ? id : url}`, decoded: fields([["broker", id], ["service URL", url]]) };
}
var pulsar = defineSystem({
  id: "pulsar",
  name: "Apache Pulsar",
  sources: [
    "pulsar-broker/src/main/java/org/apache/pulsar/broker/loadbalance/LeaderElectionService.java",
    "pulsar-broker/src/main/java/org/apache/pulsar/broker/loadbalance/LeaderBroker.java",
    "pulsar-metadata/src/main/java/org/apache/pulsar/metadata/coordination/impl/LeaderElectionImpl.java"
  ],
  layouts: [
    {
      id: "load-manager-leader",
      longHolds: true,
      path: pathEnding("loadbalance/leader"),
      recipes: ["single-node"],
      selfLock: "leader",
      role: (_path, _holder, language) => say(language, "load manager leader election: the holder is the leader broker", "\u8D1F\u8F7D\u7BA1\u7406\u5668\u9886\u5BFC\u8005\u9009\u4E3E\uFF1A\u6301\u6709\u8005\u662F leader broker"),
      identify: decodeLeaderBroker,
      proves: (evidence) => evidence.nodes.some((node) => node.identity !== null)
    }
  ]
});

// lib/lock/systems/solr.ts
var NAME = /^(-?\d+)-(.+)-n_(\d{10})$/;
function candidateId(name) {
  return NAME.exec(name)?.[2] ?? null;
}
function decodeCandidate(node, what) {
  const match = NAME.exec(node.name);
  if (match === null) return null;
  const session = BigInt.asUintN(64, BigInt(match[1]));
  return { identity: `${what} ${match[2]}`, decoded: fields([[what === "node" ? "node" : "core node", match[2]], ["session", `0x${session.toString(16)}`]]) };
}
function decodeLeaderProps(node) {
  if (node.name !== "leader") return null;
  const json = jsonOf(node.data);
  const replica = json === null ? null : typeof json.core_node_name === "string" ? json.core_node_name : typeof json.core === "string" ? json.core : null;
  if (json === null || replica === null) return null;
  return { identity: `replica ${replica}`, decoded: fields([["core node", json.core_node_name], ["core", json.core], ["node", json.node_name], ["base URL", json.base_url]]) };
}
function leaderParent(electionPath) {
  const parts = segments(electionPath);
  const at = parts.lastIndexOf("leader_elect");
  if (at >= 0 && at === parts.length - 3) return `/${[...parts.slice(0, at), "leaders", parts[at + 1]].join("/")}`;
  return `/${parts.slice(0, -1).join("/")}`;
}
function leaderNote(evidence, named) {
  const leader = evidence.listing(leaderParent(evidence.path)).find((node) => node.name === "leader");
  const json = leader === void 0 ? null : jsonOf(leader.data);
  if (json === null) return null;
  const name = named(json);
  if (name === null) return null;
  const head = evidence.nodes[0];
  if (head === void 0) return `The leader node still names ${name}, whose candidate is gone.`;
  const id = candidateId(head.name);
  return id === name ? `The leader node names the holder: ${name}.` : `The leader node names ${name}, not the holder (${id ?? head.name}): a new leader has not written it yet.`;
}
var solr = defineSystem({
  id: "solr",
  name: "Apache Solr (SolrCloud)",
  sources: [
    "solr/core/src/java/org/apache/solr/cloud/LeaderElector.java",
    "solr/core/src/java/org/apache/solr/cloud/OverseerElectionContext.java",
    "solr/core/src/java/org/apache/solr/cloud/ShardLeaderElectionContextBase.java"
  ],
  layouts: [
    {
      id: "overseer-election",
      longHolds: true,
      path: pathEnding("overseer_elect/election"),
      recipes: ["solr-election"],
      role: (_path, _holder, language) => say(language, "Overseer election: the holder is the Overseer, each other node watches the one before it", "Overseer \u9009\u4E3E\uFF1A\u6301\u6709\u8005\u662F Overseer\uFF0C\u5176\u4F59\u8282\u70B9\u5404\u81EA\u76D1\u89C6\u6392\u5728\u5B83\u524D\u9762\u7684\u8282\u70B9"),
      identify: (node) => decodeCandidate(node, "node"),
      auxiliaryParents: (path) => [leaderParent(path)],
      note: (evidence) => leaderNote(evidence, (leader) => typeof leader.id === "string" ? candidateId(leader.id) ?? leader.id : null)
    },
    {
      // The shard's leader node stands alone under `leaders/<shard>`: a single ephemeral node, found as a lock, named for what it is.
      id: "shard-leader",
      longHolds: true,
      path: pathEnding("collections/[^/]+/leaders/[^/]+"),
      recipes: ["single-node"],
      role: (path, _holder, language) => {
        const shard = `${segments(path).at(-3)}/${segments(path).at(-1)}`;
        return say(language, `shard leader node of ${shard}: written by the winner of the shard's election`, `${shard} \u7684 shard leader \u8282\u70B9\uFF1A\u7531\u8BE5 shard \u9009\u4E3E\u7684\u80DC\u8005\u5199\u5165`);
      },
      identify: decodeLeaderProps,
      proves: (evidence) => evidence.nodes.some((node) => node.identity !== null)
    },
    {
      id: "shard-leader-election",
      longHolds: true,
      path: pathEnding("collections/[^/]+/leader_elect/[^/]+/election"),
      recipes: ["solr-election"],
      role: (path, _holder, language) => {
        const shard = `${segments(path).at(-4)}/${segments(path).at(-2)}`;
        return say(language, `shard leader election of ${shard}: the holder's replica leads the shard`, `${shard} \u7684 shard leader \u9009\u4E3E\uFF1A\u6301\u6709\u8005\u7684\u526F\u672C\u9886\u5BFC\u8BE5 shard`);
      },
      identify: (node) => decodeCandidate(node, "replica"),
      auxiliaryParents: (path) => [leaderParent(path)],
      note: (evidence) => leaderNote(evidence, (leader) => typeof leader.core_node_name === "string" ? leader.core_node_name : typeof leader.core === "string" ? leader.core : null)
    }
  ]
});

// lib/lock/systems/storm.ts
var storm = defineSystem({
  id: "storm",
  name: "Apache Storm",
  sources: ["storm-server/src/main/java/org/apache/storm/zookeeper/Zookeeper.java", "storm-server/src/main/java/org/apache/storm/nimbus/LeaderListenerCallback.java"],
  layouts: [
    {
      id: "nimbus-leader",
      longHolds: true,
      path: pathEnding("leader-lock"),
      recipes: ["curator-latch"],
      role: (_path, _holder, language) => say(language, "Nimbus leader election: the holder is the leading Nimbus", "Nimbus \u9886\u5BFC\u8005\u9009\u4E3E\uFF1A\u6301\u6709\u8005\u662F\u5F53\u524D\u9886\u5BFC\u7684 Nimbus"),
      identify: (node) => participant(node, "Nimbus", "host:port"),
      proves: (evidence) => under(evidence.path, /^storm/i)
    }
  ]
});

// lib/lock/systems/index.ts
var SYSTEMS = [hadoopHa, kafka, hbase, solr, elasticJob, druid, flink, storm, bookkeeper, helix, pulsar, clickhouse, hudi];
function layoutsAtPath(systems, path) {
  const found = [];
  for (const system of systems) for (const layout of system.layouts) if (layout.path.test(path)) found.push({ system, layout });
  return found;
}
var SELF_LOCKS = /* @__PURE__ */ new Map();
for (const system of SYSTEMS) {
  for (const layout of system.layouts) {
    if (layout.selfLock === void 0) continue;
    const named = SELF_LOCKS.get(layout.selfLock) ?? [];
    SELF_LOCKS.set(layout.selfLock, [...named, layout]);
  }
}
var SELF_LOCK_NAMES = [...SELF_LOCKS.keys()];
function isSystemLock(path) {
  const layouts = SELF_LOCKS.get(nameOf(path));
  return layouts !== void 0 && layouts.some((layout) => layout.path.test(path));
}
function candidateOf(match, path) {
  return `${match.system.name}: ${match.layout.role(path, null, "en")}`;
}
function readSystems(matches, evidence) {
  const fitting = matches.filter((match) => match.layout.recipes.includes(evidence.recipeId));
  const proven = fitting.find((match) => match.layout.proves?.(evidence) ?? true);
  if (proven === void 0) return { system: null, role: null, layout: null, note: null, candidates: fitting.map((match) => candidateOf(match, evidence.path)), longHolds: false };
  const head = evidence.nodes[0];
  const holder2 = head === void 0 || head.identity === null ? null : { identity: head.identity, decoded: head.decoded };
  return {
    system: proven.system.name,
    role: proven.layout.role(evidence.path, holder2, "en"),
    layout: `${proven.system.id}/${proven.layout.id}`,
    note: proven.layout.note?.(evidence) ?? null,
    candidates: [],
    longHolds: proven.layout.longHolds === true
  };
}

// lib/lock/reader.ts
var SEQUENTIAL = "sequential";
var PLAIN = "plain";
function createReader(recipes, systems = SYSTEMS) {
  const self = {};
  const byId = new Map(recipes.map((recipe) => [recipe.id, recipe]));
  const layouts = [...new Set(recipes.flatMap((recipe) => recipe.layouts))];
  const sequentialLayouts = layouts.filter((layout) => layout.sequential);
  const otherLayouts = layouts.filter((layout) => !layout.sequential && !layout.beforeSequence);
  const digitLayouts = layouts.filter((layout) => !layout.sequential && layout.beforeSequence);
  const sequentialKinds = /* @__PURE__ */ new Set([...sequentialLayouts.map((layout) => layout.kind), SEQUENTIAL]);
  const byLayouts = recipes.filter((recipe) => recipe.recognise === void 0 && !recipe.anySequential && recipe.layouts.some((layout) => layout.sequential));
  const recognisers = recipes.filter((recipe) => recipe.recognise !== void 0);
  const kindsOf = new Map(recipes.map((recipe) => [recipe.id, new Set(recipe.layouts.map((layout) => layout.kind))]));
  const rules = /* @__PURE__ */ new Map();
  const named = /* @__PURE__ */ new Map();
  const systemLayouts = /* @__PURE__ */ new Map();
  function layoutsAt(path) {
    let found = systemLayouts.get(path);
    if (found === void 0) {
      if (systemLayouts.size >= NAMED_LIMIT) systemLayouts.clear();
      found = layoutsAtPath(systems, path);
      systemLayouts.set(path, found);
    }
    return found;
  }
  function identifierOf(path, recipeId) {
    const ids = recipeId === "unknown" ? ["unknown", "single-node"] : [recipeId];
    return layoutsAt(path).find((match) => match.layout.identify !== void 0 && match.layout.recipes.some((id) => ids.includes(id)))?.layout.identify;
  }
  function recordNamed(name) {
    let record = named.get(name);
    if (record === void 0) {
      if (named.size >= NAMED_LIMIT) named.clear();
      record = { name, stat: NAMED_STAT, data: null };
      named.set(name, record);
    }
    return record;
  }
  function recipeOf(id) {
    const recipe = byId.get(id);
    if (recipe === void 0) throw new Error(`no recipe ${id} in this reader`);
    return recipe;
  }
  function layoutOf(name) {
    for (const layout of sequentialLayouts) if (layout.pattern.test(name)) return { kind: layout.kind, layout };
    for (const layout of digitLayouts) if (layout.pattern.test(name)) return { kind: layout.kind, layout };
    if (parseSequence(name) !== null) return { kind: SEQUENTIAL, layout: null };
    for (const layout of otherLayouts) if (layout.pattern.test(name)) return { kind: layout.kind, layout };
    return { kind: PLAIN, layout: null };
  }
  function classify(record) {
    const state = stateOf(record);
    if (state.reader !== self) {
      const { kind, layout } = layoutOf(record.name);
      Object.assign(state, { reader: self, kind, layout, seq: layout?.beforeSequence === true ? null : parseSequence(record.name) });
    }
    return state;
  }
  function entries(listing2, accept) {
    const found = [];
    for (const record of listing2.children) {
      const state = classify(record);
      if (state.seq === null || !accept(state.kind)) continue;
      state.path ??= childPath(listing2.path, record.name);
      found.push({ name: record.name, record, state, path: state.path, seq: state.seq, kind: state.kind });
    }
    return found;
  }
  function acceptOf(recipe) {
    if (recipe.anySequential) return (kind) => sequentialKinds.has(kind);
    const kinds = kindsOf.get(recipe.id);
    return (kind) => kinds.has(kind);
  }
  function rulesOf(recipe, path) {
    const queue = recipe.queue;
    if (queue === void 0 || recipe.analyze !== void 0) return null;
    if (queue.watch === "children") return { queue: "", watch: "children", key: queue.sort, readKinds: null, readerWaitsOn: "nearest-writer", watchParent: path };
    let made = rules.get(recipe.id);
    if (made === void 0) {
      const readers = queue.readers;
      made = { queue: "", watch: queue.watch, key: queue.sort, readKinds: readers ? new Set(readers.layouts.map((layout) => layout.kind)) : null, readerWaitsOn: readers?.waitOn ?? "nearest-writer" };
      rules.set(recipe.id, made);
    }
    return made;
  }
  const tools = {
    entries,
    queue: sequentialQueue,
    place: (record, path, fields2, context) => place(record, classify(record), path, fields2, context),
    kindOf: (record) => classify(record).kind,
    listing: (input, path) => input.auxiliary.find((entry) => entry.path === path) ?? { path, exists: false, children: [] }
  };
  function singleLine2(id) {
    const recipe = byId.get(id);
    return recipe !== void 0 && !recipe.anySequential && recipe.analyze === void 0 && recipe.queue !== void 0 && recipe.queue.watch !== "children" && recipe.queue.readers === void 0;
  }
  function recipeInfo2(id, note = null, evidence = null) {
    const recipe = recipeOf(id);
    return { id, name: recipe.name, note, maxLeases: null, candidates: [...recipe.candidates ?? []], evidence, system: null, role: null, systemLayout: null, systemNote: null, longHolds: false };
  }
  function withSystem(input, analysis) {
    const matches = layoutsAt(input.path);
    if (matches.length === 0) return analysis;
    const self2 = input.self;
    const reading = readSystems(matches, {
      path: input.path,
      recipeId: analysis.recipe.id,
      self: self2 === null ? null : { name: nameOf(input.path), data: self2.data, ephemeral: self2.stat.ephemeralOwner !== NO_SESSION },
      nodes: analysis.nodes,
      listing: (path) => tools.listing(input, path).children.map((record) => ({ name: record.name, data: record.data, ephemeral: record.stat.ephemeralOwner !== NO_SESSION }))
    });
    const { recipe } = analysis;
    return {
      ...analysis,
      recipe: {
        ...recipe,
        system: reading.system,
        role: reading.role,
        systemLayout: reading.layout,
        systemNote: reading.note,
        longHolds: reading.longHolds,
        // A system proven names who made the lock: the recipe's candidate clients say no more.
        candidates: reading.system !== null ? [] : [...recipe.candidates, ...reading.candidates]
      }
    };
  }
  function detect(names, kinds, selfData, hint) {
    const found = (id) => ({ id, note: null });
    for (const recipe2 of recognisers) if (recipe2.recognise(names, selfData)) return found(recipe2.id);
    if (names.length === 0) return found(hint ?? "unknown");
    const sequential = [...kinds].filter((kind) => sequentialKinds.has(kind));
    if (sequential.length === 0) return found("single-node");
    const covers = (recipe2) => recipe2 !== void 0 && sequential.every((kind) => kindsOf.get(recipe2.id).has(kind));
    const hinted = hint === null ? void 0 : byId.get(hint);
    if (hinted?.keepsHint && covers(hinted)) return found(hinted.id);
    const recipe = byLayouts.find(covers);
    if (recipe !== void 0) return found(recipe.id);
    const note = sequential.length > 1 ? `mixed layouts (${sequential.sort().join(", ")}): read with the generic rule, lowest sequence first` : "unrecognised names: read with the generic rule, lowest sequence first";
    return { id: "generic", note };
  }
  return {
    recipe: (id) => byId.get(id),
    recipeInfo: recipeInfo2,
    detectRecipe: (names, selfData, hint) => detect(names, new Set(names.map((name) => layoutOf(name).kind)), selfData, hint),
    analyzeLock(input, context) {
      const names = input.root.children.map((record) => record.name);
      const kinds = new Set(input.root.children.map((record) => classify(record).kind));
      const detected = detect(names, kinds, input.self?.data ?? null, input.hint);
      const herdBy = detected.id === "single-node" || detected.id === "unknown" ? null : input.declared === "herd" ? "Declared by the explorer\u2019s simulator, which runs these contenders." : input.herdEvidence ?? null;
      const recipe = herdBy !== null ? recipeInfo2("herd", null, herdBy) : recipeInfo2(detected.id, detected.note);
      if (!input.root.exists) return withSystem(input, { recipe, nodes: [] });
      const identify = identifierOf(input.path, recipe.id);
      const placing = identify === void 0 ? context : { ...context, identify };
      const descriptor = recipeOf(recipe.id);
      if (descriptor.analyze !== void 0) {
        const reading = descriptor.analyze(input, placing, tools);
        if (reading.readAs !== void 0) return withSystem(input, { recipe: recipeInfo2(reading.readAs), nodes: reading.nodes });
        return withSystem(input, { recipe: reading.maxLeases === void 0 ? recipe : { ...recipe, maxLeases: reading.maxLeases }, nodes: reading.nodes });
      }
      const queueRules = rulesOf(descriptor, input.path);
      return withSystem(input, { recipe, nodes: queueRules === null ? [] : sequentialQueue(entries(input.root, acceptOf(descriptor)), queueRules, placing) });
    },
    singleLine: singleLine2,
    appendToQueue(id, path, last, records, context) {
      const recipe = byId.get(id);
      if (recipe === void 0 || records.length === 0 || !singleLine2(id) || identifierOf(path, id) !== void 0) return null;
      const queueRules = rulesOf(recipe, path);
      const accept = acceptOf(recipe);
      const kind = layoutOf(last.name).kind;
      const joining = [];
      const signature = rulesSignature(queueRules);
      for (const record of records) {
        const state = classify(record);
        if (state.seq === null || state.kind !== kind || !accept(kind) || modeOf(kind, queueRules) !== "exclusive") return null;
        state.path ??= childPath(path, record.name);
        const entry = { name: record.name, record, state, path: state.path, seq: state.seq, kind };
        joining.push({ entry, key: sortKeyOf(entry, queueRules, signature) });
      }
      joining.sort((a, b) => compareKeys(a.key, b.key));
      if (compareKeys(joining[0].key, last.sortKey) <= 0) return null;
      let predecessor = { name: last.name, path: last.path };
      return joining.map(({ entry, key }) => {
        const fields2 = { queue: queueRules.queue, sequence: entry.seq.value, sortKey: key, role: "waiter", mode: "exclusive", predecessor: predecessor.name, watch: { type: queueRules.watch, path: predecessor.path } };
        predecessor = { name: entry.name, path: entry.path };
        return place(entry.record, entry.state, entry.path, fields2, context);
      });
    },
    auxiliaryParents(path, names, selfData) {
      const beside = layoutsAt(path).flatMap((match) => match.layout.auxiliaryParents?.(path) ?? []);
      for (const recipe of recognisers) if (recipe.auxiliaryParents !== void 0 && recipe.recognise(names, selfData)) return [.../* @__PURE__ */ new Set([...recipe.auxiliaryParents(path), ...beside])];
      return [...new Set(beside)];
    },
    mayMoveAuxiliaryParents: (name) => !sequentialKinds.has(layoutOf(name).kind),
    kindOfName: (name) => layoutOf(name).kind,
    standingOf(id, parent, names, mine) {
      const recipe = recipeOf(id);
      const queueRules = rulesOf(recipe, parent);
      if (queueRules === null) throw new Error(`standingOf: ${id} is not a recipe of one sequential queue`);
      const listing2 = { path: parent, exists: true, children: names.map(recordNamed) };
      const standing = queueStandings(entries(listing2, acceptOf(recipe)), queueRules).find((one) => one.entry.name === mine);
      if (standing === void 0) return { kind: "missing" };
      return standing.predecessor === null ? { kind: "holds" } : { kind: "waits", on: standing.predecessor.name };
    },
    readsByNames(id) {
      const recipe = byId.get(id);
      return recipe !== void 0 && rulesOf(recipe, "") !== null;
    },
    // Told from the name each time it is asked (the owner counts ask for the few nodes a change moves): a key kept per node, in a weak map, took 8 MB at 100,000 waiters.
    ownerKey: (node) => ownerOf(node, layoutOf(node.name).layout)
  };
}
var NAMED_LIMIT = 1e5;
var NAMED_STAT = { czxid: "0x0", mzxid: "0x0", pzxid: "0x0", ctime: 0, mtime: 0, version: 0, cversion: 0, aversion: 0, ephemeralOwner: "0x1", dataLength: 0, numChildren: 0 };
var reader = createReader(RECIPES);
var { recipeInfo, detectRecipe, analyzeLock, appendToQueue, singleLine, auxiliaryParents, mayMoveAuxiliaryParents, kindOfName, standingOf, readsByNames, ownerKey } = reader;

// lib/lock/anomalies.ts
var INT32_MAX2 = 2 ** 31 - 1;
function anomaly(kind, node, params) {
  return { kind, node, params, message: describeAnomaly("en", kind, params).message };
}
function ownerCountsOf(nodes, judge, indexes) {
  let owners = indexes.owners.get(nodes);
  if (owners === void 0) {
    owners = { counts: /* @__PURE__ */ new Map(), repeated: 0 };
    for (const node of nodes) count(owners, node, 1, judge);
    remember(indexes.owners, nodes, owners);
  }
  return owners;
}
function count(owners, node, by, judge = reader) {
  const key = judge.ownerKey(node);
  if (key === null) return;
  const before = owners.counts.get(key) ?? 0;
  const after = before + by;
  if (after <= 0) owners.counts.delete(key);
  else owners.counts.set(key, after);
  if (before < 2 && after >= 2) owners.repeated += 1;
  else if (before >= 2 && after < 2) owners.repeated -= 1;
}
function handOnOwners(indexes, from, to, removed, added) {
  handOn(indexes.owners, from, to, (owners) => {
    for (const node of removed) count(owners, node, -1);
    for (const node of added) count(owners, node, 1);
  });
}
function orphans(snapshot, judge) {
  const nodes = snapshot.nodes;
  const anomalies = [];
  const first = /* @__PURE__ */ new Map();
  const byOwner = /* @__PURE__ */ new Map();
  nodes.forEach((node, position) => {
    const key = judge.ownerKey(node);
    if (key === null) return;
    const at = first.get(key);
    if (at === void 0) {
      first.set(key, position);
      return;
    }
    const owned = byOwner.get(key);
    if (owned === void 0) byOwner.set(key, [nodes[at], node]);
    else owned.push(node);
  });
  const owners = [...byOwner].sort(([a], [b]) => first.get(a) - first.get(b));
  for (const [key, owned] of owners) {
    if (judge.recipe(snapshot.recipe.id)?.ownerHoldsBothModes && new Set(owned.map((node) => node.mode)).size > 1) continue;
    const first2 = owned[0];
    const owner = key.startsWith("0x") ? `session ${key}` : `guid ${key}`;
    anomalies.push(anomaly("orphan", first2.name, owned.length === 2 ? { node: first2.name, other: owned[1].name, owner } : { node: first2.name, count: owned.length - 1, owner }));
  }
  return anomalies;
}
function lockAnomalies(snapshot, context, indexes = nodeIndexes()) {
  const anomalies = [];
  const nodes = snapshot.nodes;
  for (const deadlock of context.deadlocks) {
    const here = deadlock.cycle.find((step2) => step2.waitsIn === snapshot.path);
    if (here === void 0) continue;
    const waiter = nodes.find((node) => node.role === "waiter" && node.sessionId === here.session);
    const others = deadlock.locks.filter((lock) => lock !== snapshot.path);
    anomalies.push({
      ...anomaly("deadlock", waiter?.name ?? null, { session: here.session, holder: here.waitsFor, n: deadlock.sessions.length, locks: others.join(", ") }),
      deadlock
    });
  }
  const watchedBy = /* @__PURE__ */ new Map();
  const unwatched = [];
  const persistent = [];
  const stale = [];
  const disconnected = [];
  let herd2 = 0;
  let wrapped = 0;
  let firstWrapped = null;
  for (let i = 0; i < nodes.length; i += 1) {
    const node = nodes[i];
    const watchers = node.watchers;
    if (watchers !== null) {
      for (const session of watchers) if (!watchedBy.has(session)) watchedBy.set(session, node.name);
    }
    if (!node.ephemeral) persistent.push(node);
    if (node.role === "holder") {
      if (!snapshot.recipe.longHolds && context.now - holdingSince(node) > context.staleHolderMs) stale.push(node);
      const expiresAt = node.ephemeral ? context.disconnected?.get(node.sessionId) : void 0;
      if (expiresAt !== void 0) disconnected.push({ node, expiresAt });
    } else {
      if (node.watchConfirmed === false && node.watch !== null) unwatched.push(node);
      if (node.watch?.type === "children" && node.predecessor === null && node.mode !== "lease") herd2 += 1;
    }
    if (node.sequence !== null && (node.sequence < 0 || node.sequence > INT32_MAX2)) {
      wrapped += 1;
      firstWrapped ??= node;
    }
  }
  for (const { node, expiresAt } of disconnected) {
    anomalies.push(anomaly("holder-disconnected", node.name, { node: node.name, session: node.sessionId, expiresAt, at: clockTime(expiresAt) }));
  }
  for (const node of unwatched) {
    const expected = nameOf(node.watch.path);
    const actual = watchedBy.get(node.sessionId);
    if (actual !== void 0 && actual !== expected) anomalies.push(anomaly("wrong-watch", node.name, { node: node.name, actual, expected }));
    else anomalies.push(anomaly("no-watch", node.name, { node: node.name, expected }));
  }
  const judge = context.reader ?? reader;
  if (ownerCountsOf(nodes, judge, indexes).repeated > 0) anomalies.push(...orphans(snapshot, judge));
  for (const node of persistent) anomalies.push(anomaly("persistent-node", node.name, { node: node.name }));
  for (const node of stale) anomalies.push(anomaly("stale-holder", node.name, { node: node.name, seconds: Math.round(context.staleHolderMs / 1e3) }));
  if (herd2 > 1) anomalies.push(anomaly("herd", null, { n: herd2, path: snapshot.path, evidence: snapshot.recipe.evidence ?? "" }));
  if (firstWrapped !== null) anomalies.push(anomaly("sequence-wrap", firstWrapped.name, { n: wrapped }));
  return anomalies;
}
function clockTime(ms) {
  const seconds = Math.floor(ms / 1e3) % 86400;
  const two = (n) => String(n).padStart(2, "0");
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)} UTC`;
}
function holdingSince(node) {
  return node.roleSince ?? node.ctime;
}
function nextStaleAt(snapshot, now, staleHolderMs) {
  if (snapshot.recipe.longHolds) return null;
  let next = null;
  for (const node of snapshot.nodes) {
    if (node.role !== "holder") continue;
    const at = holdingSince(node) + staleHolderMs + 1;
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}

// lib/lock/discovery.ts
var SYSTEM_TREE = "/zookeeper";
function isSearched(path, roots) {
  return !isWithin(path, SYSTEM_TREE) && roots.some((root) => isWithin(path, root));
}
function isLockByNames(names) {
  const id = detectRecipe(names, null, null).id;
  return id !== "unknown" && id !== "single-node";
}
function isLock(parent, names, ephemeral) {
  return isLockByNames(names) || names.length > 0 && names.every((name) => ephemeral(name) && !isSystemLock(childPath(parent, name)));
}
function mayMakeLock(name) {
  return kindOfName(name) !== "plain";
}
function lockParentsAt(parent) {
  const name = nameOf(parent);
  return CURATOR_DIR.pattern.test(name) && parent !== "/" ? [parentPath(parent), parent] : [parent];
}
function enclosingLock(path, locks) {
  for (let at = path; ; at = parentPath(at)) {
    if (locks.has(at)) return at;
    if (at === "/") return null;
  }
}

// lib/lock/queue.ts
function buildSnapshot(input, previous, now, version = (previous?.version ?? -1) + 1, indexes = nodeIndexes()) {
  const analysis = analyzeLock(
    { ...input, hint: previous?.recipe.id ?? null },
    { previous: previous === null ? null : nodesByName(previous.nodes, indexes), now, introspection: input.introspection ?? null }
  );
  return withRoles({
    path: input.path,
    exists: input.root.exists,
    version,
    recipe: analysis.recipe,
    nodes: analysis.nodes,
    // Anomalies follow in a delta of their own (see `withAnomalies`), so that a handover is not held up by them.
    anomalies: input.root.exists ? previous?.anomalies ?? [] : [],
    read: { at: now, pzxid: input.self?.stat.pzxid ?? null }
  });
}
function withAnomalies(snapshot, context, indexes = nodeIndexes()) {
  const anomalies = snapshot.exists ? lockAnomalies(snapshot, context, indexes) : [];
  if (JSON.stringify(anomalies) === JSON.stringify(snapshot.anomalies)) return null;
  const version = snapshot.version + 1;
  return {
    snapshot: { ...snapshot, version, anomalies },
    delta: { path: snapshot.path, version, exists: snapshot.exists, added: [], removed: [], updated: [], recipe: null, anomalies, read: null }
  };
}
function missingLock(path, version = 0) {
  return withRoles({
    path,
    exists: false,
    version,
    recipe: recipeInfo("unknown"),
    nodes: [],
    anomalies: [],
    read: null
  });
}
function withRoles(lock) {
  const nodes = lock.nodes;
  let holding = 0;
  for (let i = 0; i < nodes.length; i += 1) if (nodes[i].role === "holder") holding += 1;
  const holders = new Array(holding);
  const waiters = new Array(nodes.length - holding);
  for (let i = 0, h = 0, w = 0; i < nodes.length; i += 1) {
    const node = nodes[i];
    if (node.role === "holder") holders[h++] = node.name;
    else waiters[w++] = node.name;
  }
  return { ...lock, holders, waiters };
}
function handover(previous, removed, read, indexes = nodeIndexes()) {
  const now = read.at;
  if (removed.length !== 1 || !previous.exists || !singleLine(previous.recipe.id) || previous.recipe.systemNote !== null) return null;
  const [head, next] = previous.nodes;
  if (head === void 0 || next === void 0 || head.name !== removed[0] || head.role !== "holder" || next.predecessor !== head.name) return null;
  const promoted = { ...next, role: "holder", predecessor: null, watch: null, watchConfirmed: null, roleSince: now };
  const nodes = previous.nodes.slice(1);
  nodes[0] = promoted;
  const version = previous.version + 1;
  const snapshot = { ...previous, version, nodes, holders: [promoted.name], waiters: previous.waiters.slice(1), read };
  handOn(indexes.byName, previous.nodes, nodes, (index) => {
    index.delete(head.name);
    index.set(promoted.name, promoted);
  });
  handOnOwners(indexes, previous.nodes, nodes, [head], []);
  return {
    snapshot,
    delta: { path: previous.path, version, exists: true, added: [], removed: [head.name], updated: [promoted], recipe: null, anomalies: null, read },
    gone: [head, next]
  };
}
function leave(previous, removed, read, introspection, indexes = nodeIndexes()) {
  if (introspection !== null || removed.length !== 1 || !previous.exists || !singleLine(previous.recipe.id)) return null;
  const at = previous.nodes.findIndex((node) => node.name === removed[0]);
  const leaver = previous.nodes[at];
  const ahead = previous.nodes[at - 1];
  if (leaver === void 0 || ahead === void 0 || leaver.role !== "waiter" || leaver.predecessor !== ahead.name) return null;
  const behind = previous.nodes[at + 1];
  if (behind !== void 0 && behind.predecessor !== leaver.name) return null;
  const nodes = previous.nodes.slice(0, at).concat(previous.nodes.slice(at + 1));
  const moved = behind === void 0 ? null : { ...behind, predecessor: ahead.name, watch: behind.watch === null ? null : { type: behind.watch.type, path: ahead.path } };
  if (moved !== null) nodes[at] = moved;
  const version = previous.version + 1;
  const snapshot = { ...previous, version, nodes, waiters: previous.waiters.filter((name) => name !== leaver.name), read };
  handOn(indexes.byName, previous.nodes, nodes, (index) => {
    index.delete(leaver.name);
    if (moved !== null) index.set(moved.name, moved);
  });
  handOnOwners(indexes, previous.nodes, nodes, [leaver], []);
  return {
    snapshot,
    delta: { path: previous.path, version, exists: true, added: [], removed: [leaver.name], updated: moved === null ? [] : [moved], recipe: null, anomalies: null, read },
    gone: behind === void 0 ? [leaver] : [leaver, behind]
  };
}
function append(previous, records, read, introspection, indexes = nodeIndexes()) {
  const last = previous.nodes[previous.nodes.length - 1];
  if (last === void 0 || !previous.exists || !singleLine(previous.recipe.id)) return null;
  const index = nodesByName(previous.nodes, indexes);
  const added = appendToQueue(previous.recipe.id, previous.path, last, records, { previous: index, now: read.at, introspection });
  if (added === null) return null;
  const version = previous.version + 1;
  const nodes = previous.nodes.concat(added);
  const snapshot = { ...previous, version, nodes, waiters: previous.waiters.concat(added.map((node) => node.name)), read };
  handOn(indexes.byName, previous.nodes, nodes, (index2) => {
    for (const node of added) index2.set(node.name, node);
  });
  handOnOwners(indexes, previous.nodes, nodes, [], added);
  return {
    snapshot,
    delta: { path: previous.path, version, exists: true, added, removed: [], updated: [], recipe: null, anomalies: null, read },
    gone: []
  };
}
function observeReport(previous, report, change, recordOf2, now, indexes = nodeIndexes()) {
  const { paths, sessions } = change;
  const updated = [];
  const gone = [];
  let nodes = null;
  const before = previous.nodes;
  for (let i = 0; i < before.length; i += 1) {
    const node = before[i];
    if (!(paths.has(node.path) || node.watch !== null && paths.has(node.watch.path) || sessions.has(node.sessionId) || awaitsJudgement(node))) continue;
    const record = recordOf2(node);
    if (record === void 0) continue;
    const next = reobserve(node, record, report, now);
    if (next === node) continue;
    nodes ??= before.slice();
    nodes[i] = next;
    updated.push(next);
    gone.push(node);
  }
  if (nodes === null) return null;
  const version = previous.version + 1;
  const snapshot = { ...previous, version, nodes };
  handOn(indexes.byName, before, nodes, (index) => {
    for (const node of updated) index.set(node.name, node);
  });
  handOnOwners(indexes, before, nodes, [], []);
  return {
    snapshot,
    delta: { path: previous.path, version, exists: previous.exists, added: [], removed: [], updated, recipe: null, anomalies: null, read: null },
    gone
  };
}

// lib/lock/summary.ts
function summarizeLock(snapshot, activity = null) {
  const holders = snapshot.nodes.filter((node) => node.role === "holder");
  const waiters = snapshot.nodes.filter((node) => node.role === "waiter");
  const earliest = (times) => times.length === 0 ? null : times.reduce((least, time) => time < least ? time : least);
  return {
    path: snapshot.path,
    exists: snapshot.exists,
    recipe: snapshot.recipe,
    holders: holders.map((node) => node.name),
    holderSessions: holders.map((node) => node.sessionId),
    holderClients: holders.map((node) => node.client),
    holderIdentities: holders.map((node) => node.identity),
    queueLength: waiters.length,
    // A holder already holding when first read held at least since its creation.
    holderSince: earliest(holders.map((node) => node.roleSince ?? node.ctime)),
    oldestWaiterSince: earliest(waiters.map((node) => node.ctime)),
    anomalies: snapshot.anomalies.length,
    anomalyKinds: [...new Set(snapshot.anomalies.map((anomaly2) => anomaly2.kind))],
    activity
  };
}

// lib/lock/waits-for.ts
function bump(counts, session, by) {
  const next = (counts.get(session) ?? 0) + by;
  if (next <= 0) counts.delete(session);
  else counts.set(session, next);
}
function countable(node) {
  return node.ephemeral;
}
var WaitsFor = class {
  constructor(clientOf = () => null) {
    this.clientOf = clientOf;
  }
  clientOf;
  locks = /* @__PURE__ */ new Map();
  /** For each session, the locks it holds and waits in, with how many nodes. */
  holds = /* @__PURE__ */ new Map();
  waits = /* @__PURE__ */ new Map();
  /** Locks whose waiters wait for a lease: any one holder's release lets the next in. */
  semaphores = /* @__PURE__ */ new Set();
  cached = [];
  /** Takes one lock's change into account: `gone` are the nodes as they were, `came` as they are now. */
  apply(lock, gone, came) {
    for (const node of gone) if (countable(node)) this.count(lock, node.sessionId, node.role, -1);
    for (const node of came) if (countable(node)) this.count(lock, node.sessionId, node.role, 1);
    if (came.some((node) => node.mode === "lease") && !this.semaphores.has(lock)) {
      this.semaphores.add(lock);
      this.cached = null;
    }
  }
  /** Forgets a lock that is no longer followed. */
  drop(lock) {
    const entry = this.locks.get(lock);
    if (entry === void 0) return;
    for (const [session, n] of [...entry.holders]) this.count(lock, session, "holder", -n);
    for (const [session, n] of [...entry.waiters]) this.count(lock, session, "waiter", -n);
    this.semaphores.delete(lock);
  }
  /** The client addresses changed (ZooKeeper's report): the deadlocks are named again. */
  invalidate() {
    this.cached = null;
  }
  count(lock, session, role, by) {
    let entry = this.locks.get(lock);
    if (entry === void 0) {
      entry = { holders: /* @__PURE__ */ new Map(), waiters: /* @__PURE__ */ new Map() };
      this.locks.set(lock, entry);
    }
    const holder2 = role === "holder";
    bump(holder2 ? entry.holders : entry.waiters, session, by);
    if (entry.holders.size === 0 && entry.waiters.size === 0) this.locks.delete(lock);
    const bySession = holder2 ? this.holds : this.waits;
    const locks = bySession.get(session) ?? /* @__PURE__ */ new Map();
    bump(locks, lock, by);
    if (locks.size === 0) bySession.delete(session);
    else bySession.set(session, locks);
    if (holder2 || this.holds.has(session)) this.cached = null;
  }
  /**
   * The sessions each session waits for, with the lock it waits in: only edges that can lie on a
   * cycle. A wait in a semaphore (`free` excepted) counts only while every other holder of it
   * waits too: one that waits for nothing will free a lease.
   */
  edges(free) {
    const edges = /* @__PURE__ */ new Map();
    for (const session of this.holds.keys()) {
      const waitsIn = this.waits.get(session);
      if (waitsIn === void 0) continue;
      const out = [];
      for (const lock of [...waitsIn.keys()].sort()) {
        const holders = [...this.locks.get(lock)?.holders.keys() ?? []].sort().filter((holder2) => holder2 !== session);
        if (this.semaphores.has(lock)) {
          if (free.has(`${session}\0${lock}`) || !holders.every((holder2) => this.waits.has(holder2))) continue;
          for (const holder2 of holders) out.push({ holder: holder2, lock });
        } else {
          for (const holder2 of holders) if (this.waits.has(holder2)) out.push({ holder: holder2, lock });
        }
      }
      if (out.length > 0) edges.set(session, out);
    }
    return edges;
  }
  /**
   * Every deadlock: one per strongly connected component of more than one session, named by
   * one cycle through all of it where there is one (else the shortest found from its first
   * session). A semaphore's waiter with a holder outside every such component is not stuck
   * there (that holder will free a lease): its wait is set aside and the components found again.
   */
  deadlocks() {
    if (this.cached !== null) return this.cached;
    const free = /* @__PURE__ */ new Set();
    let edges = this.edges(free);
    let components;
    for (; ; ) {
      components = stronglyConnected([...edges.keys()].sort(), (session) => (edges.get(session) ?? []).map((edge) => edge.holder)).filter((component) => component.length > 1);
      const stuck = new Set(components.flat());
      const before = free.size;
      for (const [session, out] of edges) {
        for (const { holder: holder2, lock } of out) if (this.semaphores.has(lock) && !stuck.has(holder2)) free.add(`${session}\0${lock}`);
      }
      if (free.size === before) break;
      edges = this.edges(free);
    }
    const deadlocks = [];
    for (const component of components) {
      const members = new Set(component);
      const steps = cycleThrough(component, members, edges).map((step2) => ({ ...step2, client: this.clientOf(step2.session) }));
      deadlocks.push({
        sessions: [...component].sort(),
        locks: [...new Set(steps.map((step2) => step2.waitsIn))].sort(),
        cycle: steps,
        message: steps.map((step2) => `${step2.session}${step2.client === null ? "" : ` (${step2.client})`} waits in ${step2.waitsIn} for ${step2.waitsFor}`).join("; ")
      });
    }
    this.cached = deadlocks.sort((a, b) => a.sessions[0] < b.sessions[0] ? -1 : 1);
    return this.cached;
  }
  /** The deadlocks a lock is part of. */
  deadlocksOf(lock) {
    return this.deadlocks().filter((deadlock) => deadlock.cycle.some((step2) => step2.waitsIn === lock));
  }
  /**
   * The graph to draw: sessions that hold, and waiters that also hold elsewhere, each on its own;
   * the other waiters of a lock gathered into one group, so that a queue of thousands is one mark.
   */
  graph() {
    const onCycle = new Set(this.deadlocks().flatMap((deadlock) => deadlock.sessions));
    const cycleEdges = new Set(this.deadlocks().flatMap((deadlock) => deadlock.cycle.map((step2) => `${step2.session}\0${step2.waitsFor}\0${step2.waitsIn}`)));
    const sessions = [...this.holds.keys()].sort().map((id) => ({
      id,
      client: this.clientOf(id),
      holds: [...this.holds.get(id)?.keys() ?? []].sort(),
      waitsIn: [...this.waits.get(id)?.keys() ?? []].sort(),
      deadlocked: onCycle.has(id)
    }));
    const groups = [];
    const edges = [];
    for (const [lock, entry] of [...this.locks].sort(([a], [b]) => a < b ? -1 : 1)) {
      const holders = [...entry.holders.keys()].sort();
      let others = 0;
      for (const waiter of entry.waiters.keys()) {
        if (!this.holds.has(waiter)) {
          others += 1;
          continue;
        }
        for (const holder2 of holders) {
          if (holder2 !== waiter) edges.push({ from: waiter, to: holder2, lock, deadlocked: cycleEdges.has(`${waiter}\0${holder2}\0${lock}`) });
        }
      }
      if (others > 0) {
        const id = `waiters:${lock}`;
        groups.push({ id, lock, count: others });
        for (const holder2 of holders) edges.push({ from: id, to: holder2, lock, deadlocked: false });
      }
    }
    return { sessions, groups, edges, deadlocks: this.deadlocks(), omitted: { sessions: 0, groups: 0, locks: 0 } };
  }
};
function stronglyConnected(vertices, next) {
  const index = /* @__PURE__ */ new Map();
  const low = /* @__PURE__ */ new Map();
  const onStack = /* @__PURE__ */ new Set();
  const stack = [];
  const components = [];
  let counter = 0;
  for (const root of vertices) {
    if (index.has(root)) continue;
    const work = [];
    const open2 = (vertex) => {
      index.set(vertex, counter);
      low.set(vertex, counter);
      counter += 1;
      stack.push(vertex);
      onStack.add(vertex);
      work.push({ vertex, targets: next(vertex), at: 0 });
    };
    open2(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.at < frame.targets.length) {
        const target = frame.targets[frame.at];
        frame.at += 1;
        if (!index.has(target)) open2(target);
        else if (onStack.has(target)) low.set(frame.vertex, Math.min(low.get(frame.vertex), index.get(target)));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== void 0) low.set(parent.vertex, Math.min(low.get(parent.vertex), low.get(frame.vertex)));
      if (low.get(frame.vertex) === index.get(frame.vertex)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.vertex);
        components.push(component);
      }
    }
  }
  return components;
}
function cycleThrough(component, members, edges) {
  const start = [...component].sort()[0];
  const cameFrom = /* @__PURE__ */ new Map();
  const queue = [start];
  while (queue.length > 0) {
    const session = queue.shift();
    for (const edge of edges.get(session) ?? []) {
      if (!members.has(edge.holder)) continue;
      if (edge.holder === start) {
        const steps = [{ session, waitsIn: edge.lock, waitsFor: start }];
        let at = session;
        while (at !== start) {
          const back = cameFrom.get(at);
          steps.unshift({ session: back.from, waitsIn: back.lock, waitsFor: at });
          at = back.from;
        }
        return steps;
      }
      if (cameFrom.has(edge.holder)) continue;
      cameFrom.set(edge.holder, { from: session, lock: edge.lock });
      queue.push(edge.holder);
    }
  }
  return [];
}

// lib/zk/columns.ts
var Float64Column = class {
  values;
  length = 0;
  constructor(capacity = 16) {
    this.values = new Float64Array(capacity);
  }
  push(value) {
    if (this.length === this.values.length) this.values = grown(this.values, new Float64Array(this.values.length * 2));
    this.values[this.length] = value;
    return this.length++;
  }
  get(index) {
    return this.values[index];
  }
  set(index, value) {
    this.values[index] = value;
  }
};
var Int32Column = class {
  values;
  length = 0;
  constructor(capacity = 16) {
    this.values = new Int32Array(capacity);
  }
  push(value) {
    if (this.length === this.values.length) this.values = grown(this.values, new Int32Array(this.values.length * 2));
    this.values[this.length] = value;
    return this.length++;
  }
  get(index) {
    return this.values[index];
  }
  set(index, value) {
    this.values[index] = value;
  }
  /** Makes the column at least `length` long, the values added zeros. */
  grow(length) {
    while (length > this.values.length) this.values = grown(this.values, new Int32Array(this.values.length * 2));
    if (length > this.length) this.length = length;
  }
};
function partitionPoint(length, holds) {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = low + high >>> 1;
    if (holds(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
var encoder2 = new TextEncoder();
var decoder2 = new TextDecoder("utf-8", { fatal: false });
var BytePool = class {
  bytes;
  used = 0;
  constructor(capacity = 1 << 16) {
    this.bytes = new Uint8Array(capacity);
  }
  /** Adds `bytes` (null stays null: -1), and answers where they begin. */
  add(bytes) {
    if (bytes === null) return -1;
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.used);
    const at = this.used;
    this.used += bytes.length;
    return at;
  }
  /** The byte length of the string added last. */
  lastLength = 0;
  /**
   * Adds the UTF-8 of `text` from its unit `from` on (a name from its path: no slice made);
   * answers where it begins (its length in bytes: `lastLength`).
   */
  addString(text2, from = 0) {
    this.reserve((text2.length - from) * 3);
    const at = this.used;
    const { bytes } = this;
    let i = from;
    for (; i < text2.length; i += 1) {
      const unit = text2.charCodeAt(i);
      if (unit >= 128) break;
      bytes[at + i - from] = unit;
    }
    let written = i - from;
    if (i < text2.length) written += encoder2.encodeInto(text2.slice(i), bytes.subarray(at + written)).written;
    this.used += written;
    this.lastLength = written;
    return at;
  }
  /** A copy of the bytes at `at` (null at -1). */
  slice(at, length) {
    return at < 0 ? null : this.bytes.slice(at, at + length);
  }
  string(at, length) {
    return decoder2.decode(this.bytes.subarray(at, at + length));
  }
  /** Whether the bytes at `at` are `other`'s. */
  equals(at, length, other) {
    if (length !== other.length) return false;
    for (let i = 0; i < length; i += 1) if (this.bytes[at + i] !== other[i]) return false;
    return true;
  }
  reserve(count2) {
    if (this.used + count2 <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.used + count2) size *= 2;
    this.bytes = grown(this.bytes, new Uint8Array(size));
  }
};
function utf8Bytes(text2) {
  return encoder2.encode(text2);
}
function grown(from, to) {
  to.set(from);
  return to;
}

// lib/zk/znode-tree.ts
var CONTAINER_OWNER = "0x8000000000000000";
var ttlOwner = (ttl) => `0xff${ttl.toString(16).padStart(14, "0")}`;
var ZnodeTree = class _ZnodeTree {
  /** Told of each change as it is applied (an index built over the tree sets it). */
  constructor(onChange = () => void 0) {
    this.onChange = onChange;
    for (const path of ["/", "/zookeeper", "/zookeeper/quota", "/zookeeper/config"]) this.put(createdNode(path, 0, 0, "0x0", -1, 0), void 0);
  }
  onChange;
  nodes = /* @__PURE__ */ new Map();
  /** Each session's ephemeral nodes: what its close deletes. */
  ephemerals = /* @__PURE__ */ new Map();
  sessions = /* @__PURE__ */ new Map();
  /** Every node's data as it was put, one after another (an index's records name them there too: no copy a node, none a record). */
  datas = new BytePool();
  /** The last transaction applied. */
  zxid = 0;
  /** Starts from a snapshot's tree and sessions (the zxid of its name is where its log begins). */
  static fromSnapshot(snapshot, zxid, onChange) {
    const tree = new _ZnodeTree(onChange);
    for (const [session, timeout] of snapshot.sessions) tree.sessions.set(session, timeout);
    for (const node of snapshot.nodes) tree.put(newNode(node.path, node, tree.datas.add(node.data), node.data?.length ?? 0), tree.nodes.get(node.path));
    tree.zxid = zxidOf(zxid);
    return tree;
  }
  get size() {
    return this.nodes.size;
  }
  paths() {
    return this.nodes.keys();
  }
  get(path) {
    return this.nodes.get(path);
  }
  /** The string the node at `path` is keyed by (a lookup by it compares no characters), or `path` where there is none. */
  keyOf(path) {
    return this.nodes.get(path)?.path ?? path;
  }
  /** Applies one transaction; a snapshot being fuzzy, one it already holds (a create of a node there, a delete of one gone) changes nothing twice. */
  apply(txn) {
    this.zxid = txn.zxid;
    if (txn.failed) return;
    for (const op of txn.ops) {
      switch (op.type) {
        case "create":
        case "create2":
        case "createContainer":
        case "createTTL": {
          const existing = this.nodes.get(op.path);
          if (existing !== void 0) {
            this.childrenChanged(existing.parent, txn, op.parentCVersion);
            break;
          }
          const owner = op.ephemeral ? txn.session : op.type === "createContainer" ? CONTAINER_OWNER : op.type === "createTTL" && op.ttl !== null ? ttlOwner(op.ttl) : "0x0";
          const { data } = op;
          const node = this.put(createdNode(op.path, txn.zxid, txn.time, owner, this.datas.add(data), data?.length ?? 0), void 0, op.parent);
          this.childrenChanged(node.parent, txn, op.parentCVersion);
          this.onChange("create", node, txn);
          break;
        }
        case "delete":
        case "deleteContainer": {
          const node = this.nodes.get(op.path);
          if (node !== void 0) this.remove(node, txn);
          break;
        }
        case "setData": {
          const node = this.nodes.get(op.path);
          if (node === void 0) break;
          const { data } = op;
          node.dataAt = this.datas.add(data);
          node.dataLength = data?.length ?? 0;
          node.mzxid = txn.zxid;
          node.mtime = txn.time;
          node.version = op.version;
          node.record = -1;
          this.onChange("set", node, txn);
          break;
        }
        case "createSession":
          this.sessions.set(txn.session, op.timeoutMs);
          break;
        case "closeSession": {
          const owned = [];
          for (let node = this.ephemerals.get(txn.session)?.first ?? null; node !== null; node = node.nextOwned) owned.push(node);
          for (const node of owned.sort(byPathDescending)) this.remove(node, txn);
          this.ephemerals.delete(txn.session);
          this.sessions.delete(txn.session);
          break;
        }
        case "setACL":
        case "check":
        case "reconfig":
        case "error":
          break;
      }
    }
  }
  /** The names of `path`'s children, sorted, and each one's node. */
  children(path) {
    const children = [];
    for (let child = this.nodes.get(path)?.firstChild ?? null; child !== null; child = child.next) children.push({ name: nameOf(child.path), node: child });
    return children.sort(byName);
  }
  /** The node's data (a copy), or null. */
  dataOf(node) {
    return this.datas.slice(node.dataAt, node.dataLength);
  }
  /** Adds `node` at its path, in place of `existing` there (the root, which a snapshot holds too, keeps its children); answers it. `parent`: its parent's path when known. */
  put(node, existing, parentKnown) {
    const { path } = node;
    if (existing !== void 0) {
      for (let child = existing.firstChild; child !== null; child = child.next) child.parent = node;
      node.firstChild = existing.firstChild;
      node.childCount = existing.childCount;
      unlink(existing);
    }
    this.nodes.set(path, node);
    const parent = path === "/" ? void 0 : this.nodes.get(parentKnown ?? parentPath(path));
    if (parent !== void 0) {
      node.parent = parent;
      node.next = parent.firstChild;
      if (node.next !== null) node.next.previous = node;
      parent.firstChild = node;
      parent.childCount += 1;
    }
    const owner = node.ephemeralOwner;
    if (owner !== "0x0" && owner !== CONTAINER_OWNER && !owner.startsWith("0xff")) {
      let owned = this.ephemerals.get(owner);
      if (owned === void 0) {
        owned = { first: null };
        this.ephemerals.set(owner, owned);
      }
      node.owned = owned;
      node.nextOwned = owned.first;
      if (node.nextOwned !== null) node.nextOwned.previousOwned = node;
      owned.first = node;
    }
    return node;
  }
  remove(node, txn) {
    this.nodes.delete(node.path);
    unlink(node);
    this.childrenChanged(node.parent, txn, null);
    this.onChange("delete", node, txn);
  }
  /**
   * A child of `parent` came (`parentCVersion` given) or went: as `DataTree` does, a create
   * sets the parent's cversion the leader logged (or one more) and its pzxid where that is newer;
   * a delete moves only the pzxid, and only forward (a fuzzy snapshot may be ahead of the log).
   */
  childrenChanged(parent, txn, parentCVersion) {
    if (parent === void 0 || parent === null) return;
    parent.record = -1;
    if (parentCVersion === null) {
      if (txn.zxid > parent.pzxid) parent.pzxid = txn.zxid;
      return;
    }
    const cversion = parentCVersion === -1 ? parent.cversion + 1 : parentCVersion;
    if (cversion > parent.cversion) {
      parent.cversion = cversion;
      parent.pzxid = txn.zxid;
    }
  }
};
function unlink(node) {
  const { parent, previous, next, owned, previousOwned, nextOwned } = node;
  if (parent !== null) {
    if (previous === null) parent.firstChild = next;
    else previous.next = next;
    if (next !== null) next.previous = previous;
    parent.childCount -= 1;
  }
  node.previous = null;
  node.next = null;
  if (owned !== null) {
    if (previousOwned === null) owned.first = nextOwned;
    else previousOwned.nextOwned = nextOwned;
    if (nextOwned !== null) nextOwned.previousOwned = previousOwned;
  }
  node.owned = null;
  node.previousOwned = null;
  node.nextOwned = null;
}
function clientStat(node) {
  return {
    czxid: zxidHex(node.czxid),
    mzxid: zxidHex(node.mzxid),
    pzxid: zxidHex(node.pzxid),
    ctime: node.ctime,
    mtime: node.mtime,
    version: node.version,
    cversion: clientCversion(node.cversion, node.childCount),
    aversion: node.aversion,
    ephemeralOwner: ownerSeen(node.ephemeralOwner),
    dataLength: node.dataLength,
    numChildren: node.childCount
  };
}
function clientCversion(creates, numChildren) {
  return creates * 2 - numChildren;
}
function ownerSeen(owner) {
  return owner === CONTAINER_OWNER || owner.startsWith("0xff") ? "0x0" : owner;
}
function compareZxid(a, b) {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}
function createdNode(path, zxid, time, ephemeralOwner, dataAt, dataLength) {
  return { path, parent: null, czxid: zxid, mzxid: zxid, pzxid: zxid, ctime: time, mtime: time, version: 0, cversion: 0, aversion: 0, ephemeralOwner, dataAt, dataLength, childCount: 0, firstChild: null, previous: null, next: null, owned: null, previousOwned: null, nextOwned: null, id: -1, record: -1, childLog: null };
}
function newNode(path, stat2, dataAt, dataLength) {
  const { czxid, mzxid, pzxid, ctime, mtime, version, cversion, aversion, ephemeralOwner } = stat2;
  return { path, parent: null, czxid, mzxid, pzxid, ctime, mtime, version, cversion, aversion, ephemeralOwner, dataAt, dataLength, childCount: 0, firstChild: null, previous: null, next: null, owned: null, previousOwned: null, nextOwned: null, id: -1, record: -1, childLog: null };
}
function byName(a, b) {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
function byPathDescending(a, b) {
  return a.path < b.path ? 1 : a.path > b.path ? -1 : 0;
}

// lib/zk/child-index.ts
var KINDS = ["create", "delete", "set"];
var KIND_CODES = { create: 0, delete: 1, set: 2 };
var CREATE = 0;
var DELETE = 1;
var CLOSED = [null, "closed", "expired"];
var NOT_CLOSED = 0;
var CLOSED_BY_CLIENT = 1;
var EXPIRED = 2;
var RECORD_SHIFT = 4;
var MAX_RECORDS = 2 ** (32 - RECORD_SHIFT);
var recordIn = (code) => code >>> RECORD_SHIFT;
var kindIn = (code) => code >>> 2 & 3;
var SessionIds = class {
  ids = ["0x0"];
  numbers = /* @__PURE__ */ new Map([["0x0", 0]]);
  numberOf(id) {
    let number = this.numbers.get(id);
    if (number === void 0) {
      number = this.ids.push(id) - 1;
      this.numbers.set(id, number);
    }
    return number;
  }
  idOf(number) {
    return this.ids[number];
  }
  /** How many numbers were given (0, none, among them). */
  get count() {
    return this.ids.length;
  }
};
var Records = class {
  /** `expected`: about how many records will be made (a create or a data change each). */
  constructor(sessions, datas, expected) {
    this.sessions = sessions;
    this.datas = datas;
    const rows = Math.max(16, expected);
    this.names = new BytePool(rows * 32);
    this.nameAt = new Int32Column(rows);
    this.nameLength = new Int32Column(rows);
    this.dataAt = new Int32Column(rows);
    this.dataLength = new Int32Column(rows);
    this.czxid = new Float64Column(rows);
    this.mzxid = new Float64Column(rows);
    this.pzxid = new Float64Column(rows);
    this.owner = new Int32Column(rows);
    this.ctime = new Float64Column(rows);
    this.mtime = new Float64Column(rows);
    this.counts = new Int32Column(rows * 4);
    this.nodes = new Int32Column(rows);
  }
  sessions;
  names;
  nameAt;
  nameLength;
  /** The tree's: a record's data is where its node's was put. */
  datas;
  dataAt;
  dataLength;
  czxid;
  mzxid;
  pzxid;
  /** The owner a client reads, by its number in `sessions`. */
  owner;
  ctime;
  mtime;
  /** version, cversion, aversion, numChildren: four a row. */
  counts;
  /** The node each record is of: the number of its first record. */
  nodes;
  /** Records a child as it is now (a client's reading of its stat, as `clientStat` makes it); answers its number. */
  add(node) {
    const record = this.ctime.length;
    if (node.id < 0) node.id = record;
    this.nodes.push(node.id);
    const { childCount } = node;
    this.nameAt.push(this.names.addString(node.path, node.path.lastIndexOf("/") + 1));
    this.nameLength.push(this.names.lastLength);
    this.dataAt.push(node.dataAt);
    this.dataLength.push(node.dataLength);
    this.czxid.push(node.czxid);
    this.mzxid.push(node.mzxid);
    this.pzxid.push(node.pzxid);
    this.owner.push(this.sessions.numberOf(ownerSeen(node.ephemeralOwner)));
    this.ctime.push(node.ctime);
    this.mtime.push(node.mtime);
    this.counts.push(node.version);
    this.counts.push(clientCversion(node.cversion, childCount));
    this.counts.push(node.aversion);
    this.counts.push(childCount);
    return record;
  }
  nodeOf(record) {
    return this.nodes.get(record);
  }
  name(record) {
    return this.names.string(this.nameAt.get(record), this.nameLength.get(record));
  }
  /** The length of the record's name in bytes. */
  nameBytes(record) {
    return this.nameLength.get(record);
  }
  hasName(record, name) {
    return this.names.equals(this.nameAt.get(record), this.nameLength.get(record), name);
  }
  ephemeral(record) {
    return this.owner.get(record) !== 0;
  }
  /** The number of the session that owns the record's node (0: none). */
  ownerNumber(record) {
    return this.owner.get(record);
  }
  ownerOf(record) {
    return this.sessions.idOf(this.owner.get(record));
  }
  child(record) {
    const dataLength = this.dataLength.get(record);
    const stat2 = {
      czxid: zxidHex(this.czxid.get(record)),
      mzxid: zxidHex(this.mzxid.get(record)),
      pzxid: zxidHex(this.pzxid.get(record)),
      ctime: this.ctime.get(record),
      mtime: this.mtime.get(record),
      version: this.counts.get(record * 4),
      cversion: this.counts.get(record * 4 + 1),
      aversion: this.counts.get(record * 4 + 2),
      ephemeralOwner: this.ownerOf(record),
      dataLength,
      numChildren: this.counts.get(record * 4 + 3)
    };
    return { name: this.name(record), stat: stat2, data: this.datas.slice(this.dataAt.get(record), dataLength) };
  }
};
var CHECKPOINT_EVERY = 64;
var ChildIndex = class {
  /** Follows `tree`'s changes from now on; `expected`: about how many transactions will come (a change each, a record for half). */
  constructor(tree, expected = 0) {
    this.tree = tree;
    const changes = Math.max(16, expected);
    this.records = new Records(this.sessionIds, tree.datas, expected >> 1);
    this.zxids = new Float64Column(changes);
    this.times = new Float64Column(changes);
    this.sessions = new Int32Column(changes);
    this.codes = new Int32Column(changes);
    tree.onChange = this.record;
  }
  tree;
  sessionIds = new SessionIds();
  records;
  /** Every change, in the order applied: its transaction's zxid, time and session (its number in `sessionIds`), and its code. */
  zxids;
  times;
  sessions;
  codes;
  parents = /* @__PURE__ */ new Map();
  /** Each session's ephemeral creates, by the session's number: three numbers each, the change, its parent's number and its node's. */
  owned = [];
  /** By node (its first record's number): the change that deleted it, plus one (0: not deleted). */
  ended = new Int32Column();
  record = (kind, node, txn) => {
    const parent = node.parent === null ? parentPath(node.path) : node.parent.path;
    let log = node.parent?.childLog ?? this.parents.get(parent);
    if (log === void 0) {
      const before = [];
      for (const child of this.tree.children(parent)) if (child.node !== node) before.push(this.recordOf(child.node));
      if (kind !== "create") before.push(this.recordOf(node));
      log = { changes: new Int32Column(4), initial: Int32Array.from(before), ever: { children: before.length, ephemeral: 0 }, number: this.parents.size, checkpoints: null };
      for (const record2 of before) if (this.records.ephemeral(record2)) log.ever.ephemeral += 1;
      this.parents.set(parent, log);
    }
    if (node.parent !== null) node.parent.childLog = log;
    const closed = kind === "delete" && txn.type === "closeSession" ? txn.cxid === 0 ? EXPIRED : CLOSED_BY_CLIENT : NOT_CLOSED;
    this.zxids.push(txn.zxid);
    this.times.push(txn.time);
    this.sessions.push(this.sessionIds.numberOf(txn.session));
    const record = this.recordOf(node);
    if (record >= MAX_RECORDS) throw new Error(`more than ${MAX_RECORDS} znode records: too many changes to index in one process`);
    const change = this.codes.push(record << RECORD_SHIFT | KIND_CODES[kind] << 2 | closed);
    log.changes.push(change);
    if (kind === "create") {
      log.ever.children += 1;
      const owner = this.records.ownerNumber(record);
      if (owner !== 0) {
        log.ever.ephemeral += 1;
        const owned = this.owned[owner] ??= new Int32Column(32);
        owned.push(change);
        owned.push(log.number);
        owned.push(node.id);
      }
    } else if (kind === "delete") {
      this.ended.grow(node.id + 1);
      this.ended.set(node.id, change + 1);
    }
  };
  /** The node's record as it is now: the one made last while its stat and data stay (a delete shares its create's), else a new one. */
  recordOf(node) {
    if (node.record < 0) node.record = this.records.add(node);
    return node.record;
  }
  /** The parents whose children changed in the span of the files. */
  changedParents() {
    return this.parents.keys();
  }
  /** How many changes `parent`'s children had in the span of the files. */
  changeCount(parent) {
    return this.parents.get(parent)?.changes.length ?? 0;
  }
  /** The moment of `parent`'s change number `at` (0 the oldest). */
  changeMoment(parent, at) {
    const log = this.parents.get(parent);
    if (log === void 0 || at < 0 || at >= log.changes.length) return null;
    const change = log.changes.get(at);
    return { zxid: zxidHex(this.zxids.get(change)), time: this.times.get(change) };
  }
  /** The times of `parent`'s changes, oldest first. */
  *changeTimes(parent) {
    const log = this.parents.get(parent);
    if (log === void 0) return;
    for (let i = 0; i < log.changes.length; i += 1) yield this.times.get(log.changes.get(i));
  }
  /** The changes of `parent`'s children, oldest first, made into objects (for one lock's timeline). */
  changesOf(parent) {
    const log = this.parents.get(parent);
    if (log === void 0) return [];
    const events = [];
    const children = /* @__PURE__ */ new Map();
    for (let i = 0; i < log.changes.length; i += 1) {
      const change = log.changes.get(i);
      const code = this.codes.get(change);
      const record = recordIn(code);
      let child = children.get(record);
      if (child === void 0) {
        child = this.records.child(record);
        children.set(record, child);
      }
      events.push({ zxid: zxidHex(this.zxids.get(change)), time: this.times.get(change), kind: KINDS[kindIn(code)], child, session: this.sessionIds.idOf(this.sessions.get(change)), closed: CLOSED[code & 3] });
    }
    return events;
  }
  /** `parent`'s changes at or before `zxid`, the latest first: each one's kind, child's name and time (a walk back from a moment). */
  *changesBack(parent, zxid) {
    const log = this.parents.get(parent);
    if (log === void 0) return;
    for (let i = this.lastAtOrBefore(log, zxidOf(zxid)); i >= 0; i -= 1) {
      const change = log.changes.get(i);
      const code = this.codes.get(change);
      yield { kind: KINDS[kindIn(code)], name: this.records.name(recordIn(code)), time: this.times.get(change) };
    }
  }
  /**
   * How many children `parent` had over the span (at its start or made after), and how many of
   * them were ephemeral: read from the records alone, without a name.
   */
  ephemeralsEver(parent) {
    const log = this.parents.get(parent);
    if (log !== void 0) return { ...log.ever };
    const children = this.tree.children(parent);
    return { children: children.length, ephemeral: children.filter((child) => child.node.ephemeralOwner !== "0x0").length };
  }
  /**
   * Which of `names` a child of `parent` bore as an ephemeral node at some moment of the span:
   * told from the names' bytes, no child's name decoded (every parent with an ephemeral child is
   * asked, where `namesEver` would decode a million names).
   */
  ephemeralAmong(parent, names) {
    const log = this.parents.get(parent);
    if (log === void 0) return names.filter((name) => (this.tree.get(childPath(parent, name))?.ephemeralOwner ?? "0x0") !== "0x0");
    const wanted = names.map((name) => ({ name, bytes: utf8Bytes(name) }));
    const lengths = new Set(wanted.map(({ bytes }) => bytes.length));
    const found = /* @__PURE__ */ new Set();
    const note = (record) => {
      if (!lengths.has(this.records.nameBytes(record)) || !this.records.ephemeral(record)) return;
      for (const { name, bytes } of wanted) if (this.records.hasName(record, bytes)) found.add(name);
    };
    for (const record of log.initial) note(record);
    for (let i = 0; i < log.changes.length; i += 1) {
      const code = this.codes.get(log.changes.get(i));
      if (kindIn(code) === CREATE) note(recordIn(code));
    }
    return names.filter((name) => found.has(name));
  }
  /**
   * Each child `parent` had at some moment of the span (at its start or made after), once by
   * name, and whether any node of that name was ephemeral: what tells a lock's parent.
   */
  namesEver(parent) {
    const names = /* @__PURE__ */ new Map();
    const log = this.parents.get(parent);
    const note = (record) => {
      const name = this.records.name(record);
      if (names.get(name) !== true) names.set(name, this.records.ephemeral(record));
    };
    if (log === void 0) {
      for (const child of this.tree.children(parent)) names.set(child.name, names.get(child.name) === true || child.node.ephemeralOwner !== "0x0");
      return names;
    }
    for (const record of log.initial) note(record);
    for (let i = 0; i < log.changes.length; i += 1) {
      const code = this.codes.get(log.changes.get(i));
      if (kindIn(code) === CREATE) note(recordIn(code));
    }
    return names;
  }
  /**
   * Each session's ephemeral nodes under `parents` over the span, in the order they came: under
   * which parent (its place in `parents`), and the changes that made and ended it, as numbers
   * among all the changes the index holds (-1: it was there at the start; Infinity: still there at
   * the end; it is there right after a zxid whose `changesUpTo` is n when `from < n <= to`), with
   * the latest end of any up to each. Made from each session's creates as they were indexed (a
   * million changes are not walked again: the first lock read after loading them took 0.3 s more).
   */
  sessionSpans(parents) {
    const endOf = (node) => node < this.ended.length && this.ended.get(node) > 0 ? this.ended.get(node) - 1 : Infinity;
    const initial = [];
    const asked = new Int32Array(this.parents.size).fill(-1);
    parents.forEach((parent, at) => {
      const log = this.parents.get(parent);
      if (log === void 0) {
        for (const child of this.tree.children(parent)) {
          const owner = ownerSeen(child.node.ephemeralOwner);
          if (owner !== "0x0") (initial[this.sessionIds.numberOf(owner)] ??= []).push({ at, to: Infinity });
        }
        return;
      }
      if (asked[log.number] === -1) asked[log.number] = at;
      for (const record of log.initial) {
        const owner = this.records.ownerNumber(record);
        if (owner !== 0) (initial[owner] ??= []).push({ at, to: endOf(this.records.nodeOf(record)) });
      }
    });
    const result = /* @__PURE__ */ new Map();
    for (let owner = 1; owner < this.sessionIds.count; owner += 1) {
      const first = initial[owner] ?? [];
      const owned = this.owned[owner];
      let count2 = first.length;
      if (owned !== void 0) {
        for (let i = 1; i < owned.length; i += 3) if (asked[owned.get(i)] >= 0) count2 += 1;
      }
      if (count2 === 0) continue;
      const spans = { parents: new Int32Array(count2), from: new Float64Array(count2), to: new Float64Array(count2), reach: new Float64Array(count2) };
      let k = 0;
      const add = (at, from, to) => {
        spans.parents[k] = at;
        spans.from[k] = from;
        spans.to[k] = to;
        spans.reach[k] = k === 0 ? to : Math.max(to, spans.reach[k - 1]);
        k += 1;
      };
      for (const { at, to } of first) add(at, -1, to);
      if (owned !== void 0) {
        for (let i = 0; i < owned.length; i += 3) {
          const at = asked[owned.get(i + 1)];
          if (at >= 0) add(at, owned.get(i), endOf(owned.get(i + 2)));
        }
      }
      result.set(this.sessionIds.idOf(owner), spans);
    }
    return result;
  }
  /** How many changes, of all the parents', were at or before `zxid`. */
  changesUpTo(zxid) {
    const asked = zxidOf(zxid);
    return partitionPoint(this.zxids.length, (at) => this.zxids.get(at) <= asked);
  }
  /** How many changes `parent`'s children had up to and with `zxid`. */
  countAt(parent, zxid) {
    const log = this.parents.get(parent);
    return log === void 0 ? 0 : this.lastAtOrBefore(log, zxidOf(zxid)) + 1;
  }
  /** The zxid of the last change of `parent`'s children at or before `zxid`; null when there was none in the files' span. */
  lastChange(parent, zxid) {
    const log = this.parents.get(parent);
    if (log === void 0) return null;
    const at = this.lastAtOrBefore(log, zxidOf(zxid));
    return at < 0 ? null : zxidHex(this.zxids.get(log.changes.get(at)));
  }
  /** The znode at `path` right after `zxid` as its parent's changes leave it (its own stat and data); null when it did not exist. */
  nodeAt(path, zxid) {
    if (path === "/") {
      const root = this.tree.get("/");
      return root === void 0 ? null : this.childAt("", root);
    }
    const parent = parentPath(path);
    const name = nameOf(path);
    const log = this.parents.get(parent);
    if (log === void 0) {
      const node = this.tree.get(path);
      return node === void 0 ? null : this.childAt(name, node);
    }
    const bytes = utf8Bytes(name);
    for (let i = this.lastAtOrBefore(log, zxidOf(zxid)); i >= 0; i -= 1) {
      const code = this.codes.get(log.changes.get(i));
      const record = recordIn(code);
      if (this.records.hasName(record, bytes)) return kindIn(code) === DELETE ? null : this.records.child(record);
    }
    for (const record of log.initial) if (this.records.hasName(record, bytes)) return this.records.child(record);
    return null;
  }
  /** `parent`'s children right after transaction `zxid` (as the tree holds them where they never changed), by name. */
  childrenAt(parent, zxid) {
    const log = this.parents.get(parent);
    if (log === void 0) return this.tree.children(parent).map(({ name, node }) => this.childAt(name, node));
    const count2 = this.lastAtOrBefore(log, zxidOf(zxid)) + 1;
    const checkpoints = this.checkpointsOf(log, count2);
    const at = partitionPoint(checkpoints.after.length, (index) => checkpoints.after[index] <= count2) - 1;
    const children = /* @__PURE__ */ new Map();
    for (const record of checkpoints.records[at]) children.set(this.records.nodeOf(record), record);
    this.replayChanges(log, checkpoints.after[at], count2, children);
    return [...children.values()].map((record) => this.records.child(record)).sort(byName);
  }
  /** `children` (each child's record by its node) changed by `log`'s changes from number `from` up to `to`. */
  replayChanges(log, from, to, children) {
    for (let i = from; i < to; i += 1) {
      const code = this.codes.get(log.changes.get(i));
      const record = recordIn(code);
      if (kindIn(code) === DELETE) children.delete(this.records.nodeOf(record));
      else children.set(this.records.nodeOf(record), record);
    }
  }
  /**
   * The parent's checkpoints, made at least up to `count` changes: each after at least
   * CHECKPOINT_EVERY changes more, or as many as it had children at the one before (a lock of a
   * thousand changes is read from at most 64 of them back, not from its start; one of 100,000
   * waiters keeps no more checkpoints than it had changes).
   */
  checkpointsOf(log, count2) {
    const checkpoints = log.checkpoints ??= { after: [0], records: [log.initial] };
    let after = checkpoints.after.at(-1);
    let last = checkpoints.records.at(-1);
    if (count2 - after < Math.max(CHECKPOINT_EVERY, last.length)) return checkpoints;
    const children = /* @__PURE__ */ new Map();
    for (const record of last) children.set(this.records.nodeOf(record), record);
    while (count2 - after >= Math.max(CHECKPOINT_EVERY, last.length)) {
      const next = after + Math.max(CHECKPOINT_EVERY, last.length);
      this.replayChanges(log, after, next, children);
      last = Int32Array.from(children.values());
      checkpoints.after.push(next);
      checkpoints.records.push(last);
      after = next;
    }
    return checkpoints;
  }
  childAt(name, node) {
    return { name, stat: clientStat(node), data: this.tree.dataOf(node) };
  }
  /** The index among `log`'s changes of the last one at or before `zxid` (-1 for none), by binary search: changes are in zxid order. */
  lastAtOrBefore(log, zxid) {
    return partitionPoint(log.changes.length, (at) => this.zxids.get(log.changes.get(at)) <= zxid) - 1;
  }
};

// lib/lock/history.ts
var Ring = class {
  constructor(capacity) {
    this.capacity = capacity;
  }
  capacity;
  items = [];
  start = 0;
  /** Adds an item; returns the one it let go, if any. */
  push(item) {
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return void 0;
    }
    const gone = this.items[this.start];
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    return gone;
  }
  /** Oldest first. */
  list() {
    return [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }
};
var NO_EVENTS = { held: () => void 0, waited: () => void 0, began: () => void 0 };
function percentiles(seconds) {
  if (seconds.length === 0) return null;
  const sorted = [...seconds].sort((a, b) => a - b);
  const rank = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p / 100 * sorted.length) - 1))];
  return { count: sorted.length, p50: rank(50), p95: rank(95), p99: rank(99) };
}
var LockHistoryModel = class {
  constructor(path, capacity, since) {
    this.path = path;
    this.since = since;
    this.holds = new Ring(capacity);
    this.waits = new Ring(capacity);
  }
  path;
  since;
  holds;
  waits;
  /** The records still open, by node name (kept even when the ring has let them go). */
  holding = /* @__PURE__ */ new Map();
  /**
   * The waits still open, by node name: the record while the ring keeps it, null once the ring
   * let it go (a queue of 100,000 keeps no record of each waiter; when one gets the lock, its
   * wait is timed from its creation all the same).
   */
  waiting = /* @__PURE__ */ new Map();
  /**
   * Applies one change of the lock at `at`: `gone` are the nodes it removed or replaced, as they
   * were; `endOf` says how a removed holder's hold ended.
   */
  apply(delta, gone, at, endOf, events = NO_EVENTS) {
    this.changes += 1;
    for (const name of delta.removed) {
      if (this.holding.has(name)) {
        const old = gone.find((node) => node.name === name);
        this.endHold(name, at, old === void 0 ? "released" : endOf(old), events);
      }
      const wait = this.waiting.get(name);
      if (wait !== void 0) {
        if (wait !== null) wait.leftAt = at;
        this.waiting.delete(name);
      }
    }
    for (const node of delta.updated) {
      const hold = this.holding.get(node.name);
      if (hold !== void 0 && hold.client === null) hold.client = node.client;
      if (node.role === "holder" && hold === void 0) this.beginHold(node, at, events);
      else if (node.role === "waiter" && hold !== void 0) this.endHold(node.name, at, "released", events);
    }
    for (const node of delta.added) {
      if (node.role === "holder") {
        if (node.roleSince === null) this.openHold(node, node.ctime, true);
        else {
          this.openWait(node);
          this.beginHold(node, node.roleSince, events);
        }
      } else this.openWait(node);
    }
  }
  /** Changes applied so far: what a cache of figures is keyed by. */
  changes = 0;
  /** How busy the lock was in the window of `windowMs` ending at `now`: handovers a minute and the p99 wait. */
  activity(now, windowMs) {
    const { stats } = this.view(now, windowMs, false);
    return { handoversPerMinute: stats.handoversPerMinute, waitP99: stats.wait?.p99 ?? null };
  }
  /**
   * The records, oldest first, and the figures of the window of `windowMs` ending at `now`. The
   * records are all kept (`records` true), none, or those not ended before a time (a page that
   * read them before needs only what may have changed since).
   */
  view(now, windowMs, records = true) {
    const holds = this.holds.list();
    const waits = this.waits.list();
    const since = typeof records === "object" ? records.since : null;
    const listedHolds = records === false ? [] : since === null ? holds : holds.filter((hold) => hold.to === null || hold.to >= since);
    const listedWaits = records === false ? [] : since === null ? waits : waits.filter((wait) => (wait.heldAt ?? wait.leftAt ?? since) >= since);
    const from = now - windowMs;
    const held = holds.filter((hold) => hold.to !== null && hold.to > from && !hold.before).map((hold) => (hold.to - hold.from) / 1e3);
    const waited = waits.filter((wait) => wait.heldAt !== null && wait.heldAt > from).map((wait) => (wait.heldAt - wait.queuedAt) / 1e3);
    const began = holds.filter((hold) => !hold.before && hold.from > from).length;
    return {
      path: this.path,
      capacity: this.holds.capacity,
      since: this.since,
      recordsSince: since !== null && listedHolds.length + listedWaits.length < holds.length + waits.length ? since : null,
      holds: listedHolds,
      waits: listedWaits,
      stats: { windowMs, at: now, hold: percentiles(held), wait: percentiles(waited), handoversPerMinute: began / (windowMs / 6e4) }
    };
  }
  openWait(node) {
    if (this.waiting.has(node.name)) return;
    const wait = { node: node.name, sessionId: node.sessionId, queuedAt: node.ctime, heldAt: null, leftAt: null };
    this.waiting.set(node.name, wait);
    const gone = this.waits.push(wait);
    if (gone !== void 0 && this.waiting.get(gone.node) === gone) this.waiting.set(gone.node, null);
  }
  beginHold(node, at, events) {
    const wait = this.waiting.get(node.name);
    if (wait !== void 0) {
      if (wait !== null) wait.heldAt = at;
      this.waiting.delete(node.name);
      events.waited(Math.max(0, at - (wait?.queuedAt ?? node.ctime)) / 1e3);
    }
    this.openHold(node, at, false);
    events.began();
  }
  openHold(node, from, before) {
    if (this.holding.has(node.name)) return;
    const hold = { node: node.name, sessionId: node.sessionId, client: node.client, mode: node.mode, from, to: null, ended: null, before };
    this.holding.set(node.name, hold);
    this.holds.push(hold);
  }
  endHold(name, at, ended, events) {
    const hold = this.holding.get(name);
    if (hold === void 0) return;
    this.holding.delete(name);
    hold.to = at;
    hold.ended = ended;
    events.held(Math.max(0, at - hold.from) / 1e3, hold.before);
  }
};

// lib/lock/herd.ts
function herdCandidates(nodes) {
  const sessions = /* @__PURE__ */ new Set();
  for (const node of nodes) {
    if (node.role === "waiter" && node.ephemeral && node.queue === "" && node.mode !== "read" && node.mode !== "lease") sessions.add(node.sessionId);
  }
  return sessions;
}
function judgeHerd(window) {
  const { created, deleted, waiting, woke } = window;
  if (created + deleted === 0 || waiting < 2) return { kind: "unknown" };
  if (woke >= 2 && woke > deleted && woke * 2 >= waiting) {
    const changes = [deleted > 0 ? `${deleted} deleted` : null, created > 0 ? `${created} created` : null].filter((part) => part !== null).join(" and ");
    return {
      kind: "herd",
      evidence: `ZooKeeper's cons: after ${changes} ${created + deleted === 1 ? "child" : "children"}, ${woke} of the ${waiting} waiting sessions sent requests (in a chained lock only the next in line would).`
    };
  }
  if (deleted > 0 && woke <= deleted) return { kind: "chain" };
  return { kind: "unknown" };
}
function countWoken(sessions, before, after) {
  let waiting = 0;
  let woke = 0;
  for (const session of sessions) {
    const then = before.get(session);
    const now = after.get(session);
    if (then === void 0 || now === void 0) continue;
    waiting += 1;
    if (then !== now) woke += 1;
  }
  return { waiting, woke };
}

// lib/lock/herd-window.ts
var REPORT_MARGIN_MS = 200;
var SETTLE_MS = 500;
var CHILD_EVENTS_KEPT_MS = 6e4;
function herdWatch() {
  return { events: [], last: null, waitingSince: /* @__PURE__ */ new Map(), evidence: null };
}
function herdChild(watch, created, at) {
  watch.events.push({ at, created });
  dropEvents(watch, (event) => event.at < at - CHILD_EVENTS_KEPT_MS);
}
function dropEvents(watch, old) {
  let count2 = 0;
  while (count2 < watch.events.length && old(watch.events[count2])) count2 += 1;
  if (count2 > 0) watch.events.splice(0, count2);
}
function herdForget(watch) {
  watch.last = null;
  watch.waitingSince.clear();
}
function herdJudge(watch, report, nodes) {
  const waiting = herdCandidates(nodes);
  const { waitingSince } = watch;
  for (const session of waitingSince.keys()) if (!waiting.has(session)) waitingSince.delete(session);
  for (const session of waiting) if (!waitingSince.has(session)) waitingSince.set(session, report.at);
  const last = watch.last;
  watch.last = { at: report.at, lastRequest: report.lastRequest, waiting };
  if (last === null || last.lastRequest === void 0 || report.lastRequest === void 0) return false;
  const from = last.at - REPORT_MARGIN_MS;
  const to = report.at - REPORT_MARGIN_MS;
  let created = 0;
  let deleted = 0;
  for (const event of watch.events) {
    if (event.at <= from || event.at > to) continue;
    if (event.created) created += 1;
    else deleted += 1;
  }
  dropEvents(watch, (event) => event.at <= to);
  const settledBy = last.at - SETTLE_MS;
  const throughout = [...waiting].filter((session) => last.waiting.has(session) && waitingSince.get(session) <= settledBy);
  const verdict = judgeHerd({ created, deleted, ...countWoken(throughout, last.lastRequest, report.lastRequest) });
  const before = watch.evidence;
  if (verdict.kind === "herd") watch.evidence = verdict.evidence;
  else if (verdict.kind === "chain") watch.evidence = null;
  return before === null !== (watch.evidence === null);
}

// lib/lock/delta.ts
function diffSnapshots(previous, next, indexes = nodeIndexes()) {
  const before = nodesByName(previous.nodes, indexes);
  const after = nodesByName(next.nodes, indexes);
  const added = [];
  const updated = [];
  for (const node of next.nodes) {
    const old = before.get(node.name);
    if (old === node) continue;
    if (old === void 0) added.push(node);
    else if (!sameNode(old, node)) updated.push(node);
  }
  const removed = previous.nodes.filter((node) => !after.has(node.name)).map((node) => node.name);
  const recipe = sameValue(previous.recipe, next.recipe) ? null : next.recipe;
  const anomalies = sameValue(previous.anomalies, next.anomalies) ? null : next.anomalies;
  if (added.length + removed.length + updated.length === 0 && previous.exists === next.exists && recipe === null && anomalies === null) {
    return null;
  }
  return { path: next.path, version: previous.version + 1, exists: next.exists, added, removed, updated, recipe, anomalies, read: next.read };
}
function goneNodes(previous, delta, indexes = nodeIndexes()) {
  if (delta.removed.length + delta.updated.length === 0) return [];
  const before = nodesByName(previous.nodes, indexes);
  const gone = [];
  for (const name of delta.removed) {
    const node = before.get(name);
    if (node !== void 0) gone.push(node);
  }
  for (const node of delta.updated) {
    const was = before.get(node.name);
    if (was !== void 0) gone.push(was);
  }
  return gone;
}

// lib/lock/reading.ts
function nextReading(previous, change, read, whole, indexes, introspection = null, first = false) {
  if (!first && !change.other) {
    const fast = fastReading(previous, change, read, introspection, indexes);
    if (fast !== null) return fast;
  }
  const snapshot = { ...buildSnapshot(whole(), first ? null : previous, read.at, previous.version + 1, indexes), read };
  const delta = diffSnapshots(previous, snapshot, indexes);
  return { snapshot, steps: delta === null ? [] : [{ snapshot, delta, gone: goneNodes(previous, delta, indexes) }] };
}
function fastReading(previous, change, read, introspection, indexes) {
  const steps = [];
  let snapshot = previous;
  if (change.removed.length > 0) {
    const removal = handover(snapshot, change.removed, read, indexes) ?? leave(snapshot, change.removed, read, introspection, indexes);
    if (removal === null) return null;
    steps.push(removal);
    snapshot = removal.snapshot;
  }
  if (change.added.length > 0) {
    const arrival = append(snapshot, change.added, read, introspection, indexes);
    if (arrival === null) return null;
    steps.push(arrival);
    snapshot = arrival.snapshot;
  }
  return { snapshot, steps };
}

// lib/lock/machine.ts
var ANOMALY_DELAY_MS = 200;
var PZXID_DELAY_MS = 250;
function newChange(other) {
  return { removed: [], added: /* @__PURE__ */ new Set(), other, unread: false };
}
function initialState(path, live) {
  const state = {
    path,
    live,
    parents: /* @__PURE__ */ new Map(),
    dirty: /* @__PURE__ */ new Set(),
    pending: [],
    self: null,
    change: newChange(false),
    current: missingLock(path),
    loaded: false,
    stopped: false,
    reading: null,
    pzxidReading: false,
    observedReport: null,
    published: /* @__PURE__ */ new Map(),
    publishedAt: 0,
    herd: herdWatch(),
    indexes: nodeIndexes(),
    timers: { judge: null, stale: null, pzxid: null }
  };
  addParent(state, path);
  return state;
}
function step(state, event, now, world) {
  const out = { state, deltas: [], reads: [], timers: state.timers, caughtUp: null };
  new Step(state, out, now, world).take(event);
  keepOnly(state.indexes, state.current.nodes);
  out.timers = { ...state.timers };
  return out;
}
function parentPaths(state) {
  return [...state.parents.keys()];
}
function listing(state, path) {
  const parent = state.parents.get(path);
  return { path, exists: parent?.exists ?? false, children: parent ? [...parent.records.values()] : [] };
}
function lockInput(state, world) {
  return {
    path: state.path,
    self: state.self,
    root: listing(state, state.path),
    auxiliary: parentPaths(state).flatMap((path) => path === state.path ? [] : [listing(state, path)]),
    declared: world.declared(),
    introspection: world.introspection(),
    herdEvidence: state.herd.evidence
  };
}
function addParent(state, path) {
  if (state.parents.has(path)) return;
  state.parents.set(path, { exists: false, listedAt: 0, listed: false, tree: null, cversion: null, czxid: null, records: /* @__PURE__ */ new Map() });
  state.dirty.add(path);
}
var Step = class {
  constructor(state, out, now, world) {
    this.state = state;
    this.out = out;
    this.now = now;
    this.world = world;
  }
  state;
  out;
  now;
  world;
  take(event) {
    const { state } = this;
    if (state.stopped) return;
    switch (event.type) {
      case "refresh":
        for (const path of event.paths.length > 0 ? event.paths : state.parents.keys()) state.dirty.add(path);
        this.kick();
        return;
      case "watchFired":
        if (!state.parents.has(event.path)) return;
        state.dirty.add(event.path);
        this.kick();
        return;
      case "treeEvent":
        this.treeEvent(event.path, event.kind, event.seq);
        return;
      case "answer":
        this.answer(event.answer);
        return;
      case "failed":
        if (state.reading?.kind === "watchTree") state.reading.parent.tree = null;
        state.reading = null;
        this.out.caughtUp = { failure: event.error };
        return;
      case "pzxid":
        this.pzxidRead(event.stat);
        return;
      case "timer":
        this.timer(event.name);
        return;
      case "report":
        this.report(event.report, event.changed, event.change);
        return;
      case "republish":
        if (state.loaded) this.publish();
        return;
      case "contextChanged":
        if (state.loaded && state.live) this.judgeSoon();
        return;
      case "settle":
        if (state.timers.judge === null) return;
        state.timers.judge = null;
        this.judge();
        return;
      case "stop":
        state.stopped = true;
        for (const [path, parent] of state.parents) this.unwatch(path, parent);
        state.timers = { judge: null, stale: null, pzxid: null };
        state.reading = null;
        return;
    }
  }
  /** Whether the parents are followed with persistent watches (live, and the server has not refused them). */
  get persistent() {
    return this.state.live && this.world.persistentWatches();
  }
  /** Starts the loop of reads unless it runs: it takes whatever is dirty or pending when it gets there. */
  kick() {
    const { state } = this;
    if (state.reading !== null) return;
    state.change = newChange(false);
    this.next();
  }
  /** The loop's next piece of work: a parent listed, or the pending events applied; when there is none, the reading published. */
  next() {
    const { state } = this;
    state.reading = null;
    const [path] = state.dirty;
    if (path !== void 0) {
      state.dirty.delete(path);
      this.list(path);
      return;
    }
    if (state.pending.length > 0) {
      this.applyPending();
      return;
    }
    this.publish();
    for (const path2 of state.published.keys()) if (!state.parents.has(path2)) state.published.delete(path2);
    for (const [path2, parent] of state.parents) {
      const seen = state.published.get(path2) ?? { exists: false, cversion: -1, czxid: null };
      seen.exists = parent.exists;
      seen.cversion = parent.cversion ?? -1;
      seen.czxid = parent.czxid;
      state.published.set(path2, seen);
    }
    state.publishedAt = this.now;
    this.out.caughtUp = { failure: void 0 };
  }
  ask(reading, read) {
    this.state.reading = reading;
    this.out.reads.push(read);
  }
  /** Lists a parent (with its watch, added first so that no change falls between) and reads its new children. */
  list(path) {
    const parent = this.state.parents.get(path);
    if (parent === void 0) return this.next();
    if (this.persistent && parent.tree === null) {
      parent.tree = "arming";
      return this.ask({ kind: "watchTree", path, parent }, { kind: "watchTree", path });
    }
    const watch = this.state.live && !(this.persistent && parent.tree !== null);
    this.ask({ kind: "getChildren", path, parent, watch }, { kind: "getChildren", path, watch });
  }
  answer(answer) {
    const { state } = this;
    const reading = state.reading;
    if (reading === null) return;
    switch (reading.kind) {
      case "watchTree": {
        const current = state.parents.get(reading.path) === reading.parent;
        reading.parent.tree = answer.kind === "armed" ? "armed" : null;
        if (answer.kind === "armed" && !current) this.unwatch(reading.path, reading.parent);
        if (!current) return this.next();
        const watch = state.live && reading.parent.tree === null;
        return this.ask({ kind: "getChildren", path: reading.path, parent: reading.parent, watch }, { kind: "getChildren", path: reading.path, watch });
      }
      case "getChildren":
        if (answer.kind === "noNode") return this.missing(reading.path, reading.parent, reading.watch);
        if (answer.kind !== "listed") return this.next();
        if (reading.path === state.path && state.self === null) {
          return this.ask({ kind: "getData", path: reading.path, parent: reading.parent, watch: reading.watch, listing: answer }, { kind: "getData", path: reading.path });
        }
        return this.listed(reading.path, reading.parent, answer, state.self?.data ?? null);
      case "getData":
        if (answer.kind === "noNode") return this.missing(reading.path, reading.parent, reading.watch);
        return this.listed(reading.path, reading.parent, reading.listing, answer.kind === "data" ? describeData(answer.data, false, state.indexes.data) : null);
      case "exists":
        if (answer.kind === "stat" && answer.stat !== null && state.live) state.dirty.add(reading.path);
        return this.next();
      case "children":
        if (answer.kind === "many") this.keep(reading.parent, reading.names, answer.results, false);
        return this.childrenRead(reading.path, reading.all);
      case "pending": {
        const done = reading.reads[reading.at];
        const parent = state.parents.get(done.path);
        if (parent !== void 0 && answer.kind === "many") this.keep(parent, done.names, answer.results, true);
        return this.readPending(reading.reads, reading.at + 1, reading.moveAuxiliary);
      }
    }
  }
  /** The parent is not there (listed, or its data read, a moment after it went). */
  missing(path, parent, watch) {
    const { state } = this;
    parent.exists = false;
    parent.listed = true;
    parent.cversion = null;
    parent.czxid = null;
    parent.records.clear();
    if (path === state.path) state.self = null;
    state.change.other = true;
    this.ask({ kind: "exists", path, parent }, { kind: "exists", path, watch });
  }
  /** A parent listed: its gone children dropped, its new ones read. */
  listed(path, parent, listed, selfData) {
    const { state, now } = this;
    const isRoot = path === state.path;
    const names = listed.children;
    parent.listedAt = listed.seq;
    parent.cversion = listed.stat.cversion;
    parent.czxid = listed.stat.czxid;
    if (isRoot) {
      if (state.self === null) state.change.other = true;
      state.self = { stat: listed.stat, data: selfData };
    } else state.change.other = true;
    if (!parent.exists) state.change.other = true;
    parent.exists = true;
    const present = new Set(names);
    for (const name of parent.records.keys()) {
      if (present.has(name)) continue;
      parent.records.delete(name);
      if (isRoot) {
        state.change.removed.push(name);
        herdChild(state.herd, false, now);
      }
    }
    const fresh = names.filter((name) => !parent.records.has(name));
    if (isRoot) {
      const came = parent.listed;
      for (const name of fresh) {
        state.change.added.add(name);
        if (came) herdChild(state.herd, true, now);
      }
    } else if (fresh.length > 0) state.change.other = true;
    parent.listed = true;
    if (fresh.length > 0) return this.ask({ kind: "children", path, parent, names: fresh, all: names }, { kind: "getDataMany", paths: fresh.map((name) => childPath(path, name)) });
    this.childrenRead(path, names);
  }
  /** A listing's new children are read: the recipe's other parents follow the lock path's names. */
  childrenRead(path, names) {
    if (path === this.state.path) this.updateAuxiliaryParents(names);
    this.next();
  }
  /** Keeps the nodes read (a node gone again already is left out: its deletion is, or was, an event of its own). */
  keep(parent, names, results, changes) {
    names.forEach((name, index) => {
      const result = results[index];
      if (result === void 0 || result === null) return;
      if (changes && parent.records.has(name)) this.state.change.other = true;
      parent.records.set(name, { name, stat: result.stat, data: describeData(result.data, false, this.state.indexes.data), state: void 0 });
    });
  }
  /** One event of a persistent watch: a parent itself changed (listed again), or a child of one came, went or changed. */
  treeEvent(path, kind, seq) {
    const { state } = this;
    if (state.parents.has(path)) {
      state.dirty.add(path);
      return this.kick();
    }
    const slash = path.lastIndexOf("/");
    const parent = slash <= 0 ? "/" : path.slice(0, slash);
    if (!state.parents.has(parent)) return;
    state.pending.push({ seq, parent, name: path.slice(slash + 1), kind });
    this.kick();
  }
  /**
   * Applies the child events of persistent watches since the last listing of each parent: a
   * deletion as it is, with no read (its parent's cversion counted, its pzxid read a moment
   * later); a creation or data change by reading the nodes, all of a parent in one multiRead.
   * Events already in a listing are skipped.
   */
  applyPending() {
    const { state, now } = this;
    const events = state.pending;
    state.pending = [];
    const reads = /* @__PURE__ */ new Map();
    let moveAuxiliary = false;
    for (const event of events) {
      const parent = state.parents.get(event.parent);
      if (parent === void 0 || event.seq <= parent.listedAt) continue;
      const isRoot = event.parent === state.path;
      let names = reads.get(event.parent);
      if (event.kind === "changed") {
        if (!parent.records.has(event.name)) continue;
        if (names === void 0) reads.set(event.parent, names = /* @__PURE__ */ new Set());
        names.add(event.name);
        continue;
      }
      if (parent.cversion !== null) parent.cversion += 1;
      state.change.unread = true;
      if (!isRoot) state.change.other = true;
      else if (mayMoveAuxiliaryParents(event.name)) moveAuxiliary = true;
      if (event.kind === "deleted") {
        names?.delete(event.name);
        if (isRoot) state.change.added.delete(event.name);
        if (parent.records.delete(event.name) && isRoot) {
          state.change.removed.push(event.name);
          herdChild(state.herd, false, now);
        }
      } else if (!parent.records.has(event.name)) {
        if (names === void 0) reads.set(event.parent, names = /* @__PURE__ */ new Set());
        names.add(event.name);
        if (isRoot) {
          state.change.added.add(event.name);
          herdChild(state.herd, true, now);
        }
      }
    }
    this.readPending(
      [...reads].map(([path, names]) => ({ path, names: [...names] })),
      0,
      moveAuxiliary
    );
  }
  /** Reads the nodes the pending events named, from the parent at `at` on; after the last, the recipe's other parents when a child could have moved them. */
  readPending(reads, at, moveAuxiliary) {
    const { state } = this;
    for (; at < reads.length; at += 1) {
      const { path, names } = reads[at];
      if (state.parents.has(path) && names.length > 0) return this.ask({ kind: "pending", reads, at, moveAuxiliary }, { kind: "getDataMany", paths: names.map((name) => childPath(path, name)) });
    }
    const root = state.parents.get(state.path);
    if (root !== void 0 && (moveAuxiliary || root.records.size === 0)) this.updateAuxiliaryParents([...root.records.keys()]);
    this.next();
  }
  updateAuxiliaryParents(names) {
    const { state } = this;
    const wanted = new Set(auxiliaryParents(state.path, names, state.self?.data ?? null));
    for (const [path, parent] of [...state.parents]) {
      if (path === state.path || wanted.has(path)) continue;
      this.unwatch(path, parent);
      state.parents.delete(path);
    }
    for (const path of wanted) addParent(state, path);
  }
  unwatch(path, parent) {
    const armed = parent.tree === "armed";
    parent.tree = null;
    if (armed) this.out.reads.push({ kind: "unwatchTree", path });
  }
  /**
   * A new report of ZooKeeper came. When it changed what it says of this lock, or a waiter's
   * watch still awaits judgement, the nodes it concerns are looked at again (`change`, from the
   * report these nodes were read with), or the whole lock when that cannot be known; the waiters
   * that woke since the last report tell whether this is a herd.
   */
  report(report, changed, change) {
    const { state } = this;
    if (!state.loaded) return;
    if (report === null) herdForget(state.herd);
    const herd2 = report !== null && herdJudge(state.herd, report, state.current.nodes);
    if (!changed && !herd2 && !state.current.nodes.some(awaitsJudgement)) {
      state.observedReport = report;
      return;
    }
    if (!herd2 && report !== null && change !== null && change.from === state.observedReport && state.live) {
      const fast = observeReport(state.current, report, change, (node) => state.parents.get(node.path.slice(0, node.path.length - node.name.length - 1))?.records.get(node.name), this.now, state.indexes);
      state.observedReport = report;
      if (fast !== null) {
        state.current = fast.snapshot;
        this.out.deltas.push(fast);
        this.judgeSoon();
      }
      return;
    }
    this.publish();
  }
  /** Publishes what the reads since the last reading changed (everything, outside the loop of reads). */
  publish() {
    const { state, world, now } = this;
    const change = state.change;
    state.change = newChange(true);
    if (change.unread) this.readPzxidSoon();
    const first = !state.loaded;
    const root = state.parents.get(state.path);
    const added = [];
    if (!first && !change.other && root !== void 0) {
      for (const name of change.added) {
        const record = root.records.get(name);
        if (record !== void 0) added.push(record);
      }
    }
    const whole = () => {
      const input = lockInput(state, world);
      state.observedReport = input.introspection ?? null;
      return input;
    };
    const read = { at: now, pzxid: state.self?.stat.pzxid ?? null };
    const reading = nextReading(state.current, { removed: change.removed, added, other: change.other }, read, whole, state.indexes, added.length > 0 || change.removed.length > 0 ? world.introspection() : null, first);
    state.loaded = true;
    if (!state.live) {
      state.current = reading.snapshot;
      return;
    }
    for (const one of reading.steps) {
      state.current = one.snapshot;
      this.out.deltas.push(one);
    }
    this.judgeSoon();
  }
  /** Judges the anomalies a moment from now (once for a burst of changes). */
  judgeSoon() {
    const { timers } = this.state;
    if (timers.judge === null) timers.judge = this.now + ANOMALY_DELAY_MS;
  }
  judge() {
    const { state, now } = this;
    const context = this.world.anomalyContext();
    const updated = withAnomalies(state.current, { now, ...context }, state.indexes);
    if (updated !== null) {
      state.current = updated.snapshot;
      this.out.deltas.push({ snapshot: updated.snapshot, delta: updated.delta, gone: [] });
    }
    state.timers.stale = nextStaleAt(state.current, now, context.staleHolderMs);
  }
  timer(name) {
    const { state } = this;
    if (state.timers[name] === null) return;
    state.timers[name] = null;
    if (name === "judge") this.judge();
    else if (name === "stale") this.judgeSoon();
    else if (state.loaded && !state.pzxidReading) {
      state.pzxidReading = true;
      this.out.reads.push({ kind: "pzxid", path: state.path });
    }
  }
  /** Reads the lock parent's pzxid a moment after changes applied without a read. */
  readPzxidSoon() {
    const { state } = this;
    if (state.timers.pzxid === null && state.live) state.timers.pzxid = this.now + PZXID_DELAY_MS;
  }
  /** The lock parent's pzxid, said in a delta of its own. */
  pzxidRead(stat2) {
    const { state, now } = this;
    state.pzxidReading = false;
    const self = state.self;
    if (stat2 === null || self === null || !state.loaded) return;
    state.self = { stat: stat2, data: self.data };
    if (stat2.pzxid === state.current.read?.pzxid) return;
    const read = { at: now, pzxid: stat2.pzxid };
    const version = state.current.version + 1;
    state.current = { ...state.current, version, read };
    this.out.deltas.push({ snapshot: state.current, delta: { path: state.path, version, exists: state.current.exists, added: [], removed: [], updated: [], recipe: null, anomalies: null, read }, gone: [] });
  }
};

// lib/replay/lock-timeline.ts
function recordOf(child) {
  return { name: child.name, stat: child.stat, data: describeData(child.data) };
}
function buildTimeline(input) {
  const { path } = input;
  const auxiliary = input.auxiliary ?? [];
  const tree = new Map([{ path, initial: input.initial }, ...auxiliary].map((parent) => [parent.path, new Map(parent.initial.map((child) => [child.name, child]))]));
  let exists = input.exists || input.initial.length > 0;
  const events = auxiliary.length === 0 ? input.events.map((event) => ({ event, parent: path })) : inZxidOrder([input.events, ...auxiliary.map((parent) => parent.events)]).map(({ event, parent }) => ({ event, parent: parent === 0 ? path : auxiliary[parent - 1].path }));
  const initialCount = [...tree.values()].reduce((sum, children) => sum + children.size, 0);
  const history = new LockHistoryModel(path, Math.max(1, events.length + initialCount), input.since);
  const state = initialState(path, true);
  let at = input.since;
  let seq = 0;
  let ending = "released";
  const endOf = () => ending;
  const answer = (read) => {
    switch (read.kind) {
      case "watchTree":
        return { kind: "armed" };
      case "getChildren": {
        const children = tree.get(read.path);
        if (children === void 0 || read.path === path && !exists) return { kind: "noNode" };
        return { kind: "listed", children: [...children.keys()].sort(), stat: read.path === path ? input.self?.stat ?? NO_STAT : NO_STAT, seq };
      }
      case "getData":
        return { kind: "data", data: read.path === path ? input.self?.data ?? null : null };
      case "exists":
        return { kind: "stat", stat: read.path === path && exists ? input.self?.stat ?? NO_STAT : tree.has(read.path) && read.path !== path ? NO_STAT : null };
      case "getDataMany":
        return { kind: "many", results: read.paths.map((one) => tree.get(parentPath(one))?.get(nameOf(one)) ?? null) };
      case "unwatchTree":
      case "pzxid":
        throw new Error(`the replay answers no ${read.kind} read`);
    }
  };
  const feed = (event) => {
    let result = step(state, event, at, REPLAY_WORLD);
    for (; ; ) {
      for (const { delta, gone } of result.deltas) history.apply(delta, gone, at, endOf);
      const read = result.reads.find((one) => one.kind !== "unwatchTree" && one.kind !== "pzxid");
      if (read === void 0) return;
      result = step(state, { type: "answer", answer: answer(read) }, at, REPLAY_WORLD);
    }
  };
  feed({ type: "refresh", paths: [] });
  for (const { event, parent } of events) {
    const name = event.child.name;
    const children = tree.get(parent);
    at = event.time;
    seq += 1;
    if (event.kind === "delete") {
      if (!children.delete(name)) continue;
      const owner = event.child.stat.ephemeralOwner;
      ending = event.closed === "expired" ? "session-expired" : event.closed === "closed" ? "session-closed" : owner !== "0x0" && event.session !== owner ? "broken" : "released";
    } else children.set(name, event.child);
    if (parent === path && !exists) {
      exists = true;
      feed({ type: "treeEvent", path, kind: "created", seq });
    }
    feed({ type: "treeEvent", path: childPath(parent, name), kind: event.kind === "create" ? "created" : event.kind === "delete" ? "deleted" : "changed", seq });
    ending = "released";
  }
  const snapshot = state.current;
  const holdsByNode = /* @__PURE__ */ new Map();
  for (const hold of history.view(snapshot.read?.at ?? input.since, 1).holds) {
    const holds = holdsByNode.get(hold.node) ?? [];
    holds.push(hold);
    holdsByNode.set(hold.node, holds);
  }
  return { history, holdsByNode, last: snapshot };
}
var REPLAY_WORLD = {
  declared: () => null,
  introspection: () => null,
  anomalyContext: () => ({ staleHolderMs: Number.MAX_SAFE_INTEGER, deadlocks: [] }),
  persistentWatches: () => true
};
var NO_STAT = { czxid: "0x0", mzxid: "0x0", pzxid: "0x0", ctime: 0, mtime: 0, version: 0, cversion: 0, aversion: 0, ephemeralOwner: "0x0", dataLength: 0, numChildren: 0 };
function inZxidOrder(lists) {
  const merged = lists.flatMap((events, parent) => events.map((event, at) => ({ event, parent, at })));
  merged.sort((a, b) => compareZxid(a.event.zxid, b.event.zxid) || a.parent - b.parent || a.at - b.at);
  return merged;
}

// lib/replay/moments.ts
var Moments = class {
  zxids;
  times;
  /** `expected`: about how many transactions will come (the columns are made that long at once). */
  constructor(expected = 0) {
    this.zxids = new Float64Column(Math.max(16, expected));
    this.times = new Float64Column(Math.max(16, expected));
  }
  get count() {
    return this.zxids.length;
  }
  /** Adds the next transaction (its zxid after every one before). */
  push(zxid, time) {
    this.times.push(time);
    this.zxids.push(zxid);
  }
  first() {
    return this.count === 0 ? null : this.moment(0);
  }
  last() {
    return this.count === 0 ? null : this.moment(this.count - 1);
  }
  /**
   * The moment a query names: the transaction of that zxid, else the last one before it; for a
   * time, the last transaction at or before it. Null when it is before the first one.
   */
  find(query) {
    const zxid = "zxid" in query ? zxidOf(query.zxid) : 0;
    const count2 = "zxid" in query ? partitionPoint(this.count, (index) => this.zxids.get(index) <= zxid) : partitionPoint(this.count, (index) => this.times.get(index) <= query.time);
    return count2 === 0 ? null : this.moment(count2 - 1);
  }
  /** The moment of transaction number `index` (0 the first); null past either end. */
  at(index) {
    return index < 0 || index >= this.count ? null : this.moment(index);
  }
  moment(index) {
    return { zxid: zxidHex(this.zxids.get(index)), time: this.times.get(index) };
  }
};

// lib/replay/replay.ts
var TIMELINES_KEPT = 4096;
var HOLD_WALK_NAMES = 1e3;
var HOLD_WALK_STEPS = 256;
var DEADLOCK_LOCKS = 2e3;
var PREPARED_AT_ONCE = 16;
var Replay = class {
  constructor(options, start = { tree: new ZnodeTree(), moment: null }) {
    this.options = options;
    this.tree = start.tree;
    this.start = start.moment;
    this.applied = start.moment === null ? -1 : zxidOf(start.moment.zxid);
    this.moments = new Moments(options.expectedTransactions);
    this.index = new ChildIndex(this.tree, options.expectedTransactions);
  }
  options;
  tree;
  index;
  moments;
  /** The moment the replay starts from: the snapshot's zxid, or none (an empty tree). */
  start;
  /** The zxid of the last transaction applied (a number), or of the snapshot; -1 before any. */
  applied;
  lockPaths = null;
  timelines = /* @__PURE__ */ new Map();
  /** Each session's nodes in the locks over the span, for a deadlock across them. */
  spans = null;
  /** Applies the next transaction; one at or before the last applied (a snapshot's fuzzy past, a log read twice) is passed over. */
  apply(txn) {
    if (txn.zxid <= this.applied) return;
    this.tree.apply(txn);
    this.applied = txn.zxid;
    this.moments.push(txn.zxid, txn.time);
    this.lockPaths = null;
    this.spans = null;
    if (this.timelines.size > 0) this.timelines.clear();
  }
  /** The first and last moments the files can show. */
  span() {
    return { from: this.start ?? this.moments.first(), to: this.moments.last() ?? this.start };
  }
  /** The moment a query names, within the span: before the first one is an error, after the last one the last. */
  moment(query) {
    if (query === null) return this.span().to;
    const found = this.moments.find(query);
    if (found !== null) return found;
    return this.start !== null && ("zxid" in query ? compareZxid(query.zxid, this.start.zxid) >= 0 : query.time >= this.start.time) ? this.start : null;
  }
  /**
   * The moment a query names with the clock the pages show at it: the time asked for (within the
   * span), or the transaction's when a zxid was asked for. Null before the files begin.
   */
  view(query) {
    const at = this.moment(query);
    const { from, to } = this.span();
    if (at === null || from === null || to === null) return null;
    const time = query !== null && "time" in query ? Math.min(Math.max(query.time, at.time), to.time) : at.time;
    return { at, time, from, to };
  }
  /** Every lock that existed at some moment of the span, sorted. */
  locks() {
    if (this.lockPaths === null) this.lockPaths = this.findLocks();
    return this.lockPaths;
  }
  findLocks() {
    const { roots } = this.options;
    const candidates = /* @__PURE__ */ new Set();
    const consider = (parent) => {
      if (this.index.ephemeralsEver(parent).ephemeral === 0 && ![...this.index.namesEver(parent).keys()].some(mayMakeLock)) return;
      for (const candidate of lockParentsAt(parent)) if (isSearched(candidate, roots)) candidates.add(candidate);
    };
    const changed = new Set(this.index.changedParents());
    for (const parent of changed) consider(parent);
    const read = /* @__PURE__ */ new Set();
    for (const path of this.tree.paths()) {
      if (path === "/") continue;
      const parent = parentPath(path);
      if (changed.has(parent) || read.has(parent)) continue;
      const name = nameOf(path);
      if (this.tree.get(path).ephemeralOwner === "0x0" && !mayMakeLock(name)) continue;
      read.add(parent);
      consider(parent);
    }
    const found = /* @__PURE__ */ new Set();
    const sorted = [...candidates].sort((a, b) => a.split("/").length - b.split("/").length || (a < b ? -1 : 1));
    for (const parent of sorted) {
      if (enclosingLock(parent, found) !== null) continue;
      const { children, ephemeral } = this.index.ephemeralsEver(parent);
      const systemLocks = ephemeral === 0 ? [] : this.index.ephemeralAmong(parent, SELF_LOCK_NAMES).filter((name) => isSystemLock(childPath(parent, name)));
      for (const name of systemLocks) found.add(childPath(parent, name));
      if (children > 0 && ephemeral === children && systemLocks.length === 0) {
        found.add(parent);
        continue;
      }
      const names = this.index.namesEver(parent);
      if (names.size > 0 && isLock(parent, [...names.keys()].sort(), (name) => names.get(name) === true)) found.add(parent);
    }
    return [...found].sort();
  }
  /**
   * The lock at `path` right after the moment's transaction, read as the live explorer reads it.
   * `deadlocks`: those known across the locks (null: looked for from this lock).
   */
  lockAt(path, moment, deadlocks = null) {
    const read = this.readAt(path, moment, true);
    if (read === null) return { ...missingLock(path, this.versionAt(path, moment)), read: { at: moment.time, pzxid: null } };
    const { built, selfData, children, pzxid } = read;
    const holders = built.nodes.filter((node) => node.role === "holder");
    const since = holders.length > 0 ? this.holdersSince(path, built.recipe.id, selfData, children, holders, moment) : null;
    const nodes = since === null ? built.nodes : built.nodes.map((node) => {
      if (node.role !== "holder") return node;
      const roleSince = since.get(node.name) ?? null;
      return roleSince === node.roleSince ? node : { ...node, roleSince };
    });
    const snapshot = { ...built, nodes, read: { at: moment.time, pzxid } };
    const anomalies = lockAnomalies(snapshot, { now: moment.time, staleHolderMs: this.options.staleHolderMs, deadlocks: deadlocks ?? this.deadlocksNear(path, snapshot, moment) });
    return { ...snapshot, anomalies };
  }
  /** The lock at the moment as its recipe reads it, with what that was read from; null where its node is not there. `whole`: its version and its pzxid too (a read only for who waits for whom has no use for them). */
  readAt(path, moment, whole) {
    const self = this.index.nodeAt(path, moment.zxid);
    if (self === null) return null;
    const children = this.index.childrenAt(path, moment.zxid);
    const selfData = describeData(self.data);
    const auxiliary = auxiliaryParents(path, children.map((child) => child.name), selfData).map((parent) => {
      const node = this.index.nodeAt(parent, moment.zxid);
      return { path: parent, exists: node !== null, children: node === null ? [] : this.index.childrenAt(parent, moment.zxid).map(recordOf) };
    });
    const pzxid = whole ? this.index.lastChange(path, moment.zxid) ?? self.stat.pzxid : self.stat.pzxid;
    const built = buildSnapshot(
      { path, self: { stat: { ...self.stat, pzxid, numChildren: children.length }, data: selfData }, root: { path, exists: true, children: children.map(recordOf) }, auxiliary },
      null,
      moment.time,
      whole ? this.versionAt(path, moment) : 0
    );
    return { built, selfData, children, pzxid };
  }
  /** Who holds and who waits in the lock at the moment, and no more: no dates, no anomalies (a deadlock search reads hundreds of locks). */
  nodesAt(path, moment) {
    return this.readAt(path, moment, false)?.built.nodes ?? [];
  }
  /**
   * When each holder began to hold, as its timeline dates it (null: from before the files
   * begin): from the timeline when it is built, else from the names (`holdingSince`, for a list of
   * a thousand locks that would otherwise build a thousand timelines), else by building it.
   */
  holdersSince(path, recipe, selfData, children, holders, moment) {
    let timeline = this.keptTimeline(path);
    if (timeline === void 0) {
      const names = children.map((child) => child.name);
      const quick = /* @__PURE__ */ new Map();
      for (const holder2 of holders) {
        const since = this.holdingSince(path, recipe, selfData, names, holder2.name, moment);
        if (since === void 0) break;
        quick.set(holder2.name, since);
      }
      if (quick.size === holders.length) return quick;
      timeline = this.timeline(path);
    }
    const dated = timeline;
    return new Map(
      holders.map((node) => {
        const hold = dated.holdsByNode.get(node.name)?.findLast((record) => record.from <= moment.time && (record.to === null || record.to >= moment.time));
        return [node.name, hold === void 0 || hold.before ? null : hold.from];
      })
    );
  }
  /**
   * When `holder` began to hold, up to the moment, told from the names alone: the lock's changes
   * are undone one by one from the moment back, and after each the recipe's own rule
   * (`standingOf`) says whether it held before that change. The first change it did not hold
   * before is when it began to; its own create too; null when it held from before the files
   * begin, as its timeline dates it. Undefined where the names cannot tell (a recipe not read by
   * its names, names read as another recipe before the change, a queue or a walk too long): the
   * timeline dates it then.
   */
  holdingSince(path, recipe, selfData, names, holder2, moment) {
    if (!readsByNames(recipe) || names.length > HOLD_WALK_NAMES) return void 0;
    const present = new Set(names);
    let steps = 0;
    for (const change of this.index.changesBack(path, moment.zxid)) {
      if (change.kind === "set") continue;
      if (change.kind === "create" && change.name === holder2) return change.time;
      if ((steps += 1) > HOLD_WALK_STEPS) return void 0;
      if (change.kind === "create") present.delete(change.name);
      else present.add(change.name);
      const before = [...present].sort();
      if (detectRecipe(before, selfData, recipe).id !== recipe) return void 0;
      if (standingOf(recipe, path, before, holder2).kind !== "holds") return change.time;
    }
    return null;
  }
  /** How many changes the lock had up to the moment: its version then. */
  versionAt(path, moment) {
    return this.index.countAt(path, moment.zxid);
  }
  /** The moments the lock's children changed, oldest first. */
  changes(path) {
    const count2 = this.index.changeCount(path);
    return Array.from({ length: count2 }, (_, at) => this.index.changeMoment(path, at));
  }
  /** The lock's change just before or just after the moment; null at either end. */
  step(path, moment, direction) {
    const at = this.versionAt(path, moment);
    if (direction === "next") return this.index.changeMoment(path, at);
    const last = this.index.changeMoment(path, at - 1);
    return last !== null && last.zxid === moment.zxid ? this.index.changeMoment(path, at - 2) : last;
  }
  /** The lock's changes counted in `bins` equal stretches of the span (the last one holds its end). */
  density(path, bins) {
    const counts = new Array(bins).fill(0);
    const { from, to } = this.span();
    if (from === null || to === null) return counts;
    const width = Math.max(1, to.time - from.time) / bins;
    for (const time of this.index.changeTimes(path)) {
      const bin = Math.floor((time - from.time) / width);
      counts[Math.min(bins - 1, Math.max(0, bin))] += 1;
    }
    return counts;
  }
  /**
   * Every hold and wait of the lock over the span, with how each ended; its figures over the
   * whole span, or (live) over `window` ms before `now`. `since`: only the records that may have
   * changed since then (a page that has the rest).
   */
  history(path, live = null, since = null) {
    const timeline = this.timeline(path);
    const { from, to } = this.span();
    const now = live?.now ?? to?.time ?? 0;
    const window = live?.window ?? Math.max(1, (to?.time ?? 0) - (from?.time ?? 0));
    return timeline.history.view(now, window, since === null ? true : { since });
  }
  /** Whether the files know anything of the node at `path`: a change of its children, or the node itself at the end. */
  knows(path) {
    const end = this.span().to;
    return this.index.changeCount(path) > 0 || end !== null && this.index.nodeAt(path, end.zxid) !== null;
  }
  /** Every lock at the moment, summarised (the lock list then). */
  summaries(moment) {
    const snapshots = this.locksAt(moment);
    return snapshots.map((snapshot) => summarizeLock(snapshot));
  }
  /** The waits-for graph at the moment. */
  graph(moment) {
    return this.waitsFor(this.locks().map((path) => [path, this.nodesAt(path, moment)])).graph();
  }
  /** Every lock at the moment, with the deadlocks across them. */
  locksAt(moment) {
    const plain = this.locks().map((path) => this.lockAt(path, moment, []));
    const deadlocks = this.waitsFor(plain.map((snapshot) => [snapshot.path, snapshot.nodes])).deadlocks();
    if (deadlocks.length === 0) return plain;
    return plain.map((snapshot) => deadlocks.some((deadlock) => deadlock.locks.includes(snapshot.path)) ? this.lockAt(snapshot.path, moment, deadlocks) : snapshot);
  }
  /** The waits-for graph of these locks' nodes. */
  waitsFor(locks) {
    const graph = new WaitsFor();
    for (const [path, nodes] of locks) graph.apply(path, [], nodes);
    return graph;
  }
  /**
   * The deadlocks the lock is part of at the moment: from its holders, the locks each waits in at
   * that moment, their holders, and so on (a cycle through this lock comes back to one of its
   * waiters that way), read up to DEADLOCK_LOCKS locks.
   */
  deadlocksNear(path, snapshot, moment) {
    if (snapshot.waiters.length === 0 || snapshot.holders.length === 0) return [];
    const read = /* @__PURE__ */ new Map([[path, snapshot.nodes]]);
    const holdersOf = (nodes) => nodes.filter((node) => node.role === "holder" && node.ephemeral).map((node) => node.sessionId);
    const queue = holdersOf(snapshot.nodes);
    const seen = new Set(queue);
    for (let i = 0; i < queue.length && read.size < DEADLOCK_LOCKS; i += 1) {
      const session = queue[i];
      for (const lock of this.locksOfSessionAt(session, moment.zxid)) {
        if (read.has(lock)) continue;
        const other = this.nodesAt(lock, moment);
        read.set(lock, other);
        if (!other.some((node) => node.sessionId === session && node.role === "waiter")) continue;
        for (const holder2 of holdersOf(other)) {
          if (seen.has(holder2)) continue;
          seen.add(holder2);
          queue.push(holder2);
        }
      }
    }
    if (read.size === 1) return [];
    return this.waitsFor(read).deadlocksOf(path);
  }
  /** The locks the session had a node in right after `zxid`. */
  locksOfSessionAt(session, zxid) {
    const spans = this.sessionSpans().get(session);
    if (spans === void 0) return [];
    const n = this.index.changesUpTo(zxid);
    const locks = /* @__PURE__ */ new Set();
    const end = partitionPoint(spans.from.length, (index) => spans.from[index] < n);
    for (let i = end - 1; i >= 0 && spans.reach[i] >= n; i -= 1) if (spans.to[i] >= n) locks.add(this.locks()[spans.parents[i]]);
    return [...locks];
  }
  /**
   * What the first reads of the locks would do, done ahead a slice at a time, for a server to run
   * while nothing waits (`runWhileIdle`): the locks found, the sessions' nodes across them, and
   * each lock read once at the end of the span (its checkpoints made up to there, what is told
   * from its path and its names kept). A moment's deadlock search reads hundreds of locks: read
   * cold, a slider's moment took up to 120 ms, warm half as long.
   */
  *preparing() {
    const locks = this.locks();
    yield;
    this.sessionSpans();
    const end = this.span().to;
    if (end === null) return;
    for (let i = 0; i < locks.length; i += 1) {
      if (i % PREPARED_AT_ONCE === 0) yield;
      this.nodesAt(locks[i], end);
    }
  }
  /** Each session's nodes in the locks over the span (their parents' places are the locks' in `locks()`). */
  sessionSpans() {
    if (this.spans === null) this.spans = this.index.sessionSpans(this.locks());
    return this.spans;
  }
  /** The lock's timeline if it is built (kept as the latest used). */
  keptTimeline(path) {
    const timeline = this.timelines.get(path);
    if (timeline !== void 0) {
      this.timelines.delete(path);
      this.timelines.set(path, timeline);
    }
    return timeline;
  }
  timeline(path) {
    let timeline = this.keptTimeline(path);
    if (timeline !== void 0) return timeline;
    const begin = this.start ?? this.moments.first() ?? { zxid: "0x0", time: 0 };
    const beginZxid = this.start?.zxid ?? "0x0";
    const self = this.index.nodeAt(path, beginZxid);
    const childrenThen = (parent) => this.index.nodeAt(parent, beginZxid) === null ? [] : this.index.childrenAt(parent, beginZxid);
    const end = this.span().to;
    const selfData = end === null ? null : describeData(this.index.nodeAt(path, end.zxid)?.data ?? null);
    const others = auxiliaryParents(path, [...this.index.namesEver(path).keys()].sort(), selfData);
    const auxiliary = others.map((parent) => ({ path: parent, initial: childrenThen(parent), events: this.index.changesOf(parent) }));
    timeline = buildTimeline({ path, exists: self !== null, self, initial: childrenThen(path), events: this.index.changesOf(path), auxiliary, since: begin.time });
    this.timelines.set(path, timeline);
    if (this.timelines.size > TIMELINES_KEPT) this.timelines.delete(this.timelines.keys().next().value);
    return timeline;
  }
};

// lib/zk/jute.ts
var JuteEndError = class extends Error {
};
var utf82 = new TextDecoder("utf-8", { fatal: false });
var JuteReader = class {
  constructor(bytes, offset = 0, end = bytes.length) {
    this.bytes = bytes;
    this.end = end;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.offset = offset;
  }
  bytes;
  end;
  view;
  offset;
  /** Reads from `start` up to `end` of the same bytes from now on (one reader for a million entries of a file, not one each). */
  within(start, end) {
    this.offset = start;
    this.end = end;
    return this;
  }
  get remaining() {
    return this.end - this.offset;
  }
  need(count2) {
    const at = this.offset;
    if (count2 < 0 || at + count2 > this.end) throw new JuteEndError(`${count2} bytes needed at ${at}, ${this.end - at} left`);
    this.offset = at + count2;
    return at;
  }
  /** Passes over `count` bytes; answers where they begin. */
  skip(count2) {
    return this.need(count2);
  }
  byte() {
    return this.bytes[this.need(1)];
  }
  bool() {
    return this.byte() !== 0;
  }
  int() {
    return this.view.getInt32(this.need(4));
  }
  /** A long as hex, as `Long.toHexString` prints it: `0x1000a2b3c0000`. */
  hex() {
    return longBytesToHex(this.bytes, this.need(8));
  }
  /** A zxid, as a number (`zxidAt`). */
  zxid() {
    return zxidAt(this.bytes, this.need(8));
  }
  /** A long known to fit a double: a time in ms, a TTL. */
  number() {
    return longBytesToNumber(this.bytes, this.need(8));
  }
  /** A buffer's bytes (a view, not a copy), or null. */
  buffer() {
    const length = this.int();
    if (length < 0) return null;
    const at = this.need(length);
    return this.bytes.subarray(at, at + length);
  }
  string() {
    const bytes = this.buffer();
    return bytes === null ? null : utf82.decode(bytes);
  }
  /** Passes over a string or buffer (an ACL's scheme and id: read, never kept). */
  skipBuffer() {
    const length = this.int();
    if (length > 0) this.need(length);
  }
  /** A buffer's bytes copied out (a view, even an empty one, would keep all the bytes read from in memory), or null. */
  ownBuffer() {
    const length = this.int();
    if (length < 0) return null;
    if (length === 0) return NO_BYTES;
    const at = this.need(length);
    return this.bytes.slice(at, at + length);
  }
  vector(element) {
    const count2 = this.int();
    if (count2 < 0) return null;
    if (count2 > this.remaining) throw new JuteEndError(`a vector of ${count2} in ${this.remaining} bytes`);
    const items = [];
    for (let index = 0; index < count2; index += 1) items.push(element(this));
    return items;
  }
};
var NO_BYTES = new Uint8Array(0);
function adler32(bytes, start = 0, end = bytes.length) {
  let a = 1;
  let b = 0;
  for (let at = start; at < end; ) {
    const stop = Math.min(end, at + 5552);
    for (const eights = stop - 7; at < eights; at += 8) {
      a += bytes[at];
      b += a;
      a += bytes[at + 1];
      b += a;
      a += bytes[at + 2];
      b += a;
      a += bytes[at + 3];
      b += a;
      a += bytes[at + 4];
      b += a;
      a += bytes[at + 5];
      b += a;
      a += bytes[at + 6];
      b += a;
      a += bytes[at + 7];
      b += a;
    }
    for (; at < stop; at += 1) {
      a += bytes[at];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return (b << 16 | a) >>> 0;
}

// lib/zk/snapshot.ts
var SNAPSHOT_MAGIC = 1514885966;
var NotASnapshotError = class extends Error {
};
function readSnapshot(bytes) {
  const reader2 = new JuteReader(bytes);
  if (bytes.length < 16) throw new NotASnapshotError(`${bytes.length} bytes: shorter than a snapshot's header`);
  const magic = reader2.int() >>> 0;
  if (magic !== SNAPSHOT_MAGIC) throw new NotASnapshotError(`not a snapshot: magic 0x${magic.toString(16)}, not 0x5a4b534e (ZKSN)`);
  const version = reader2.int();
  if (version !== 2) throw new NotASnapshotError(`snapshot version ${version}: only version 2 (ZooKeeper 3.x) is read`);
  const dbid = reader2.hex();
  const sessions = /* @__PURE__ */ new Map();
  const nodes = [];
  let offset = reader2.offset;
  try {
    for (let count2 = reader2.int(); count2 > 0; count2 -= 1) sessions.set(reader2.hex(), reader2.int());
    for (let count2 = reader2.int(); count2 > 0; count2 -= 1) {
      reader2.hex();
      reader2.vector((inner) => {
        inner.int();
        inner.string();
        inner.string();
      });
    }
    for (; ; ) {
      offset = reader2.offset;
      const path = reader2.string();
      if (path === "/") return { dbid, sessions, nodes, stopped: null };
      if (path === null) throw new Error("a znode without a path");
      const data = reader2.buffer();
      reader2.hex();
      const czxid = reader2.zxid();
      const mzxid = reader2.zxid();
      const ctime = reader2.number();
      const mtime = reader2.number();
      const nodeVersion = reader2.int();
      const cversion = reader2.int();
      const aversion = reader2.int();
      const ephemeralOwner = reader2.hex();
      const pzxid = reader2.zxid();
      nodes.push({ path: path === "" ? "/" : path, data, czxid, mzxid, pzxid, ctime, mtime, version: nodeVersion, cversion, aversion, ephemeralOwner });
    }
  } catch (error) {
    return { dbid, sessions, nodes, stopped: { offset, reason: error instanceof Error ? error.message : String(error) } };
  }
}

// server/replay/log-parts.ts
import { open } from "node:fs/promises";

// lib/zk/txn-log.ts
var TXN_LOG_MAGIC = 1514884167;
var TXN_TYPES = {
  [-10]: "createSession",
  [-11]: "closeSession",
  [-1]: "error",
  1: "create",
  2: "delete",
  5: "setData",
  7: "setACL",
  13: "check",
  14: "multi",
  15: "create2",
  16: "reconfig",
  19: "createContainer",
  20: "deleteContainer",
  21: "createTTL"
};
var NotATxnLogError = class extends Error {
};
var FILE_HEADER_BYTES = 16;
function readTxnLogHeader(bytes) {
  if (bytes.length < FILE_HEADER_BYTES) throw new NotATxnLogError(`${bytes.length} bytes: shorter than a log's header`);
  const reader2 = new JuteReader(bytes);
  const magic = reader2.int() >>> 0;
  if (magic !== TXN_LOG_MAGIC) throw new NotATxnLogError(`not a transaction log: magic 0x${magic.toString(16)}, not 0x5a4b4c47 (ZKLG)`);
  const version = reader2.int();
  if (version !== 2) throw new NotATxnLogError(`transaction log version ${version}: only version 2 (ZooKeeper 3.x) is read`);
  return { version, dbid: reader2.hex() };
}
var SMALLEST_ENTRY = 8 + 4 + 32 + 1;
function txnFrames(bytes, start = FILE_HEADER_BYTES, whole = true) {
  const rows = new Int32Array(3 * (Math.floor(Math.max(0, bytes.length - start) / SMALLEST_ENTRY) + 1));
  let count2 = 0;
  const ended = (stop) => ({ rows: rows.subarray(0, count2 * 3), count: count2, stop });
  const reader2 = new JuteReader(bytes, start);
  for (; ; ) {
    const offset = reader2.offset;
    if (reader2.remaining < 12) {
      if (!whole) return ended({ offset, reason: "the bytes read end inside an entry", partial: true });
      if (bytes.subarray(offset).some((byte) => byte !== 0)) return ended({ offset, reason: `${reader2.remaining} bytes of an entry cut short at the end of the file (a partial write or a truncated file)`, partial: true });
      return ended(null);
    }
    const checksum = reader2.number();
    const length = reader2.int();
    if (length === 0 && checksum === 0) return ended(null);
    if (length <= 0 || length > reader2.remaining - 1) {
      return ended(length <= 0 ? { offset, reason: `entry of ${length} bytes`, partial: false } : { offset, reason: `entry of ${length} bytes cut short by the end of the file (a partial write or a truncated file)`, partial: true });
    }
    const entry = reader2.offset;
    reader2.offset += length;
    if (reader2.byte() !== 66) return ended({ offset, reason: "entry not ended by B (a partial write)", partial: false });
    const computed = adler32(bytes, entry, entry + length);
    if (computed !== checksum) return ended({ offset, reason: `checksum 0x${checksum.toString(16)} where the entry sums to 0x${computed.toString(16)} (a damaged entry)`, partial: false });
    rows[count2 * 3] = offset;
    rows[count2 * 3 + 1] = entry;
    rows[count2 * 3 + 2] = length;
    count2 += 1;
  }
}
var TXN_FIELDS = 7;
var OP_FIELDS = 11;
var DIGEST_BYTES = 12;
var sessionId = idHexes(1e5);
var sessionStrings = /* @__PURE__ */ new Map();
function internedSession(id) {
  const known = sessionStrings.get(id);
  if (known !== void 0) return known;
  if (sessionStrings.size >= 1e5) sessionStrings.clear();
  sessionStrings.set(id, id);
  return id;
}
function txnTape(bytes, frames, base = 0, numbers = null) {
  const { rows, count: count2 } = frames;
  const writer = new TapeWriter(bytes, count2, numbers);
  const reader2 = new JuteReader(bytes);
  for (let i = 0; i < count2; i += 1) {
    const offset = base + rows[i * 3];
    const entry = rows[i * 3 + 1];
    try {
      writer.entry(reader2.within(entry, entry + rows[i * 3 + 2]), offset);
    } catch (error) {
      writer.undo();
      numbers?.reset();
      return writer.done({ offset, reason: error instanceof Error ? error.message : String(error), partial: false });
    }
  }
  return writer.done(frames.stop === null ? null : { ...frames.stop, offset: base + frames.stop.offset });
}
var TapeWriter = class {
  constructor(bytes, expected, numbers) {
    this.bytes = bytes;
    this.numbers = numbers;
    this.txns = new Int32Array(Math.max(1, expected) * TXN_FIELDS);
    this.moments = new Float64Array(Math.max(1, expected) * 2);
    this.ops = new Int32Array(Math.max(1, expected) * OP_FIELDS);
  }
  bytes;
  numbers;
  txns;
  moments;
  count = 0;
  ops;
  opCount = 0;
  ttls = new Float64Array(0);
  ttlCount = 0;
  closed = new Int32Array(0);
  closedCount = 0;
  sessions = [];
  sessionAt = /* @__PURE__ */ new Map();
  entry(reader2, offset) {
    const session = sessionId(reader2.bytes, reader2.skip(8));
    let number = this.sessionAt.get(session);
    if (number === void 0) {
      number = this.sessions.push(session) - 1;
      this.sessionAt.set(session, number);
    }
    const cxid = reader2.int();
    const zxid = reader2.zxid();
    const time = reader2.number();
    const code = reader2.int();
    const type = txnType(code);
    const firstOp = this.opCount;
    let failed = type === "error";
    if (type === "multi") {
      const ops = reader2.int();
      if (ops > reader2.remaining) throw new JuteEndError(`a vector of ${ops} in ${reader2.remaining} bytes`);
      for (let k = 0; k < ops; k += 1) {
        const subCode = reader2.int();
        const subType = txnType(subCode);
        const length = reader2.int();
        if (length < 0) throw new Error(`a multi's ${subType} without its record`);
        const at = reader2.skip(length);
        this.op(subCode, subType, new JuteReader(this.bytes, at, at + length));
        if (subType === "error") failed = true;
      }
    } else this.op(code, type, reader2);
    this.txns = grown2(this.txns, this.count, TXN_FIELDS);
    this.moments = grown2(this.moments, this.count, 2);
    const { txns, moments } = this;
    const row = this.count * TXN_FIELDS;
    txns[row] = offset;
    txns[row + 1] = cxid;
    txns[row + 2] = code;
    txns[row + 3] = number;
    txns[row + 4] = firstOp;
    txns[row + 5] = this.opCount - firstOp;
    txns[row + 6] = failed ? 1 : 0;
    moments[this.count * 2] = zxid;
    moments[this.count * 2 + 1] = time;
    this.count += 1;
  }
  /** Forgets the operations of an entry that could not be decoded whole. */
  undo() {
    const last = (this.count - 1) * TXN_FIELDS;
    this.opCount = this.count === 0 ? 0 : this.txns[last + 4] + this.txns[last + 5];
  }
  done(stop) {
    return {
      txns: this.txns.subarray(0, this.count * TXN_FIELDS),
      moments: this.moments.subarray(0, this.count * 2),
      count: this.count,
      ops: this.ops.subarray(0, this.opCount * OP_FIELDS),
      ttls: this.ttls.subarray(0, this.ttlCount),
      closed: this.closed.subarray(0, this.closedCount * 2),
      sessions: this.sessions,
      stop
    };
  }
  /** One operation's record (`zookeeper.jute`'s txn module); the reader may hold a digest after it. */
  op(code, type, reader2) {
    let path = -1;
    let pathLength = -1;
    let data = -1;
    let dataLength = -1;
    let value = 0;
    let parentCVersion = -1;
    let pathsFirst = -1;
    let pathsCount = -1;
    let pathCode = -1;
    let parentCode = -1;
    if (type !== "createSession" && type !== "closeSession" && type !== "error" && type !== "multi") {
      pathLength = reader2.int();
      if (pathLength < 0) throw new Error(`a ${type} without a path`);
      path = reader2.skip(pathLength);
      const { numbers } = this;
      if (numbers !== null && pathLength > 0) {
        pathCode = numbers.code(this.bytes, path, pathLength, type === "delete" || type === "deleteContainer");
        const parent = parentLength(this.bytes, path, pathLength);
        if (parent > 0 && (type === "create" || type === "create2" || type === "createContainer" || type === "createTTL")) parentCode = numbers.code(this.bytes, path, parent, false);
      }
    }
    switch (type) {
      case "create":
      case "create2":
      case "createContainer":
      case "createTTL":
        dataLength = reader2.int();
        if (dataLength >= 0) data = reader2.skip(dataLength);
        acls(reader2);
        if (type === "createContainer" || type === "createTTL") parentCVersion = reader2.int();
        else {
          value = reader2.bool() ? 1 : 0;
          parentCVersion = reader2.remaining === 0 || reader2.remaining === DIGEST_BYTES ? -1 : reader2.int();
        }
        if (type === "createTTL") {
          this.ttls = grown2(this.ttls, this.ttlCount, 1);
          this.ttls[this.ttlCount] = reader2.number();
          value = this.ttlCount;
          this.ttlCount += 1;
        }
        break;
      case "delete":
      case "deleteContainer":
        break;
      case "setData":
      case "reconfig":
        dataLength = reader2.int();
        if (dataLength >= 0) data = reader2.skip(dataLength);
        value = reader2.int();
        break;
      case "setACL":
        acls(reader2);
        value = reader2.int();
        break;
      case "check":
      case "createSession":
      case "error":
        value = reader2.int();
        break;
      case "closeSession":
        if (reader2.remaining !== 0 && reader2.remaining !== DIGEST_BYTES) [pathsFirst, pathsCount] = this.closedPaths(reader2);
        break;
      case "multi":
        throw new Error("a multi inside a multi");
    }
    this.ops = grown2(this.ops, this.opCount, OP_FIELDS);
    const { ops } = this;
    const row = this.opCount * OP_FIELDS;
    ops[row] = code;
    ops[row + 1] = path;
    ops[row + 2] = pathLength;
    ops[row + 3] = data;
    ops[row + 4] = dataLength;
    ops[row + 5] = value;
    ops[row + 6] = parentCVersion;
    ops[row + 7] = pathsFirst;
    ops[row + 8] = pathsCount;
    ops[row + 9] = pathCode;
    ops[row + 10] = parentCode;
    this.opCount += 1;
  }
  /** The paths a session's close names (its empty ones left out): where the first is in `closed`, and how many; -1 when the list is not whole. */
  closedPaths(reader2) {
    const first = this.closedCount;
    try {
      const count2 = reader2.int();
      if (count2 < 0) return [first, 0];
      if (count2 > reader2.remaining) throw new JuteEndError(`a vector of ${count2} in ${reader2.remaining} bytes`);
      for (let k = 0; k < count2; k += 1) {
        const length = reader2.int();
        if (length <= 0) continue;
        const at = reader2.skip(length);
        this.closed = grown2(this.closed, this.closedCount, 2);
        this.closed[this.closedCount * 2] = at;
        this.closed[this.closedCount * 2 + 1] = length;
        this.closedCount += 1;
      }
      return [first, this.closedCount - first];
    } catch (error) {
      if (!(error instanceof JuteEndError)) throw error;
      this.closedCount = first;
      return [-1, -1];
    }
  }
};
function parentLength(bytes, at, length) {
  if (bytes[at] !== 47) return -1;
  let cut = length - 1;
  while (cut > 0 && bytes[at + cut] !== 47) cut -= 1;
  return cut === 0 ? 1 : cut;
}
function grown2(array, index, fields2) {
  const needed = (index + 1) * fields2;
  if (needed <= array.length) return array;
  const longer = new array.constructor(Math.max(array.length * 2, needed, 16));
  longer.set(array);
  return longer;
}
var UTF8 = new TextDecoder("utf-8", { fatal: false });
var NO_BYTES2 = new Uint8Array(0);
function tapeTxns(bytes, tape, paths = null, known = (path) => path) {
  const { txns, moments, count: count2 } = tape;
  const sessions = tape.sessions.map(internedSession);
  const entries = [];
  for (let i = 0; i < count2; i += 1) {
    const row = i * TXN_FIELDS;
    const first = txns[row + 4];
    const ops = [];
    for (let k = first, end = first + txns[row + 5]; k < end; k += 1) ops.push(opOf(bytes, tape, k * OP_FIELDS, paths, known));
    entries.push({ offset: txns[row], session: sessions[txns[row + 3]], cxid: txns[row + 1], zxid: moments[i * 2], time: moments[i * 2 + 1], type: txnType(txns[row + 2]), ops, failed: txns[row + 6] === 1 });
  }
  if (tape.stop !== null) entries.push(tape.stop);
  return entries;
}
function opOf(bytes, tape, row, paths, known) {
  const { ops } = tape;
  const type = txnType(ops[row]);
  const value = ops[row + 5];
  switch (type) {
    case "create":
    case "create2":
    case "createContainer":
    case "createTTL": {
      const path = pathOf(bytes, ops, row, paths);
      const parentCode = ops[row + 10];
      const parent = paths === null || parentCode < 0 ? void 0 : (parentCode & 1) === 0 ? paths[parentCode >>> 1] : paths[parentCode >>> 1] = known(parentPath(path));
      return { type, path, data: datum(bytes, ops[row + 3], ops[row + 4]), ephemeral: type !== "createTTL" && value === 1, parentCVersion: ops[row + 6], ttl: type === "createTTL" ? tape.ttls[value] : null, parent };
    }
    case "delete":
    case "deleteContainer":
      return { type, path: pathOf(bytes, ops, row, paths) };
    case "setData":
    case "reconfig":
      return { type, path: pathOf(bytes, ops, row, paths), data: datum(bytes, ops[row + 3], ops[row + 4]), version: value };
    case "setACL":
    case "check":
      return { type, path: pathOf(bytes, ops, row, paths), version: value };
    case "createSession":
      return { type, timeoutMs: value };
    case "closeSession": {
      const first = ops[row + 7];
      const count2 = ops[row + 8];
      if (count2 < 0) return { type, paths: null };
      const paths2 = [];
      for (let k = first; k < first + count2; k += 1) paths2.push(text(bytes, tape.closed[k * 2], tape.closed[k * 2 + 1]));
      return { type, paths: paths2 };
    }
    case "error":
      return { type, code: value };
    case "multi":
      throw new Error("a multi inside a multi");
  }
}
function pathOf(bytes, ops, row, paths) {
  const code = ops[row + 9];
  if (paths === null || code < 0) return text(bytes, ops[row + 1], ops[row + 2]);
  if ((code & 1) === 0) return paths[code >>> 1];
  return paths[code >>> 1] = text(bytes, ops[row + 1], ops[row + 2]);
}
function text(bytes, at, length) {
  return UTF8.decode(bytes.subarray(at, at + length));
}
function datum(bytes, at, length) {
  if (at < 0) return null;
  return length === 0 ? NO_BYTES2 : bytes.subarray(at, at + length);
}
function txnType(code) {
  const type = TXN_TYPES[code];
  if (type === void 0) throw new Error(`unknown transaction type ${code}`);
  return type;
}
function acls(reader2) {
  const count2 = reader2.int();
  if (count2 > reader2.remaining) throw new JuteEndError(`a vector of ${count2} in ${reader2.remaining} bytes`);
  for (let index = 0; index < count2; index += 1) {
    reader2.int();
    reader2.skipBuffer();
    reader2.skipBuffer();
  }
}

// server/replay/log-parts.ts
async function* decodedParts(path, from = FILE_HEADER_BYTES, numbers = null) {
  for await (const { base, bytes, frames } of logParts(path, from)) {
    const tape = txnTape(bytes, frames, base, numbers);
    yield { bytes, tape };
    if (tape.stop !== null) return;
  }
}
var LOG_CHUNK = 256 * 1024;
async function readAt(handle, position, length) {
  const bytes = new Uint8Array(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(bytes, read, length - read, position + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return read === length ? bytes : bytes.subarray(0, read);
}
async function* logParts(path, from = FILE_HEADER_BYTES) {
  const handle = await open(path, "r");
  let ahead = null;
  try {
    const size = (await handle.stat()).size;
    readTxnLogHeader(await readAt(handle, 0, Math.min(size, FILE_HEADER_BYTES)));
    let base = Math.min(from, size);
    let bytes = await readAt(handle, base, Math.min(size - base, LOG_CHUNK));
    for (; ; ) {
      const next = base + bytes.length;
      const whole = next >= size;
      if (!whole) {
        ahead = readAt(handle, next, Math.min(size - next, LOG_CHUNK));
        ahead.catch(() => void 0);
      }
      const frames = txnFrames(bytes, 0, whole);
      const { stop } = frames;
      if (stop === null || !stop.partial || whole) {
        yield { base, bytes, frames };
        return;
      }
      const kept = bytes.slice(stop.offset);
      yield { base, bytes, frames: { ...frames, stop: null } };
      let more = await ahead;
      ahead = null;
      if (more.length < kept.length && next + more.length < size) more = concat(more, await readAt(handle, next + more.length, Math.min(size - next - more.length, kept.length - more.length)));
      bytes = concat(kept, more);
      base += stop.offset;
    }
  } finally {
    await ahead?.catch(() => void 0);
    await handle.close();
  }
}
function concat(first, second) {
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first);
  joined.set(second, first.length);
  return joined;
}
function unreadable(dir, error) {
  const code = error.code;
  if (code === "ENOENT") return `${dir} does not exist`;
  if (code === "EACCES" || code === "EPERM") return `${dir} cannot be read: permission denied (run the explorer as a user who may read ZooKeeper's data directory)`;
  if (code === "ENOTDIR") return `${dir} is not a directory`;
  return `${dir} cannot be read: ${error instanceof Error ? error.message : String(error)}`;
}
function message(path, error) {
  if (error instanceof NotATxnLogError || error instanceof NotASnapshotError) return error.message;
  const code = error.code;
  if (code !== void 0) return unreadable(path, error);
  return error instanceof Error ? error.message : String(error);
}

// server/typescript-worker.ts
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
var TSX_API = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api").replace(/index\.cjs$/, "index.mjs")).href;
function typescriptWorker(module, workerData) {
  const boot = `import(${JSON.stringify(TSX_API)}).then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(module.href)}))`;
  return new Worker(boot, { eval: true, workerData });
}

// server/replay/log-thread.ts
var AHEAD = 8;
var TOLD_AT_ONCE = 4;
var LogReadError = class extends Error {
};
function readLogs(paths) {
  const thread = paths.length > 1 ? new LogThread(paths.slice(1)) : null;
  return {
    parts: (index) => index === 0 ? decodedParts(paths[0]) : thread.parts(index - 1),
    close: () => thread?.close()
  };
}
var LogThread = class {
  worker;
  queue = [];
  waiting = null;
  /** Why the thread is gone before its last log's end. */
  gone = null;
  closed = false;
  /** Parts taken and not yet told the thread. */
  untold = 0;
  /** The strings of the paths the thread numbered (see `PathNumbers`), kept as its parts are taken. */
  paths = [];
  constructor(paths) {
    const data = { paths, ahead: AHEAD };
    this.worker = typescriptWorker(new URL("./log-thread-worker.ts", import.meta.url), data);
    this.worker.on("message", (message2) => this.arrived(message2));
    this.worker.on("error", (error) => this.ended(`the thread reading the logs failed: ${error.message}`));
    this.worker.on("exit", (code) => this.ended(`the thread reading the logs exited (${code})`));
  }
  async *parts(file) {
    for (; ; ) {
      const message2 = await this.next();
      if (message2.file !== file) throw new LogReadError(`the thread reading the logs sent log ${message2.file} where log ${file} was wanted`);
      if ("end" in message2) return;
      if ("error" in message2) throw new LogReadError(message2.error);
      this.untold += 1;
      if (this.untold === TOLD_AT_ONCE) {
        this.worker.postMessage(this.untold);
        this.untold = 0;
      }
      yield { bytes: message2.bytes, tape: message2.tape, paths: this.paths };
    }
  }
  close() {
    this.closed = true;
    void this.worker.terminate();
  }
  async next() {
    while (this.queue.length === 0) {
      if (this.gone !== null) throw new LogReadError(this.gone);
      await new Promise((resolve) => this.waiting = resolve);
    }
    return this.queue.shift();
  }
  arrived(message2) {
    this.queue.push(message2);
    this.wake();
  }
  ended(reason) {
    if (this.closed) return;
    this.gone ??= reason;
    this.wake();
  }
  wake() {
    this.waiting?.();
    this.waiting = null;
  }
};

// server/replay/files.ts
var LOG_NAME = /^log\.([0-9a-f]{1,16})$/;
var SNAPSHOT_NAME = /^snapshot\.([0-9a-f]{1,16})(\.gz|\.snappy)?$/;
async function filesOf(dirs, problems, wanted = () => true) {
  return (await Promise.all(dirs.map((dir) => filesOfDir(dir, problems, wanted)))).flat();
}
async function filesOfDir(dir, problems, wanted) {
  const own = await filesIn(await isDirectory(join(dir, "version-2")) ? join(dir, "version-2") : dir, problems, wanted);
  if (own.any || !own.read) return own.files;
  const below = [];
  for (const name of (await readdir(dir).catch(() => [])).sort()) {
    if (await isDirectory(join(dir, name, "version-2"))) below.push(...(await filesIn(join(dir, name, "version-2"), problems, wanted)).files);
  }
  if (below.length === 0) problems.push(`no log.* or snapshot.* files in ${dir}, its version-2 or a version-2 one level down`);
  return below;
}
async function isDirectory(path) {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
async function filesIn(where, problems, wanted) {
  let names;
  try {
    names = await readdir(where);
  } catch (error) {
    problems.push(unreadable(where, error));
    return { files: [], any: false, read: false };
  }
  const files = [];
  let any = false;
  for (const name of names) {
    const log = LOG_NAME.exec(name);
    const snapshot = SNAPSHOT_NAME.exec(name);
    if (log === null && snapshot === null) continue;
    any = true;
    const kind = log !== null ? "log" : "snapshot";
    const zxid = `0x${BigInt(`0x${(log ?? snapshot)[1]}`).toString(16)}`;
    if (!wanted(kind, zxid)) continue;
    const path = join(where, name);
    let bytes = 0;
    try {
      bytes = (await stat(path)).size;
    } catch (error) {
      problems.push(unreadable(path, error));
      continue;
    }
    files.push({ path, kind, zxid, bytes, compression: snapshot?.[2] ?? "" });
  }
  return { files, any, read: true };
}
async function contents(file) {
  const bytes = await readFile(file.path);
  if (file.compression === ".gz") return gunzipSync(bytes);
  if (file.compression === ".snappy") throw new NotASnapshotError("a snappy-compressed snapshot (zookeeper.snapshot.compression.method=snappy) is not read; use gz or none");
  return bytes;
}
async function* entriesOf(parts, tree = null) {
  const known = tree === null ? void 0 : (path) => tree.keyOf(path);
  for await (const { bytes, tape, paths } of parts) {
    yield tapeTxns(bytes, tape, paths ?? null, known);
    if (tape.stop !== null) return;
  }
}
async function loadReplay(dirs, given, following = false, keepFrom = null) {
  const problems = [];
  const found = await filesOf(dirs, problems);
  const byZxid = (a, b) => compareZxid(a.zxid, b.zxid);
  const logs = found.filter((file) => file.kind === "log").sort(byZxid);
  const kept = keepFrom === null ? logs : logsAfter(logs, keepFrom);
  const options = { ...given, expectedTransactions: expectedTransactions(kept) };
  const snapshots = found.filter((file) => file.kind === "snapshot").sort(byZxid);
  const report = new Map(found.map((file) => [file.path, { path: file.path, kind: file.kind, zxid: file.zxid, bytes: file.bytes, used: false, count: 0, problem: null }]));
  const firstLog = logs[0];
  const fromSnapshot = async (from) => {
    for (const file of snapshots) {
      if (from !== null && compareZxid(file.zxid, from) < 0) continue;
      const entry = report.get(file.path);
      try {
        const read = readSnapshot(await contents(file));
        entry.count = read.nodes.length;
        if (read.stopped !== null) {
          entry.problem = `${read.stopped.reason} at byte ${read.stopped.offset}`;
          continue;
        }
        if (firstLog !== void 0 && compareZxid(firstLog.zxid, nextZxid(file.zxid)) > 0) {
          entry.problem = `the logs begin at ${firstLog.zxid}, after this snapshot's ${file.zxid}: the transactions between are missing`;
          continue;
        }
        entry.used = true;
        return new Replay(options, { tree: ZnodeTree.fromSnapshot(read, file.zxid), moment: { zxid: file.zxid, time: latestTime(read.nodes) } });
      } catch (error) {
        entry.problem = message(file.path, error);
      }
    }
    return null;
  };
  let replay2 = keepFrom === null ? null : await fromSnapshot(keepFrom);
  if (replay2 === null && firstLog !== void 0 && compareZxid(firstLog.zxid, "0x1") <= 0) replay2 = new Replay(options);
  replay2 ??= await fromSnapshot(null);
  let stoppedAt = null;
  let reason = problems.length > 0 ? problems.join("; ") : null;
  if (replay2 === null) {
    if (found.length > 0) reason = [reason, snapshots.length === 0 ? `no snapshot, and the logs begin at ${firstLog.zxid}, not at the first transaction: the tree before them is unknown` : "no snapshot could be read whole and continued by the logs"].filter(Boolean).join("; ");
    const empty = new Replay(options);
    return { replay: empty, info: infoOf(dirs, empty, [...report.values()], null, reason, following), position: null };
  }
  const begin = replay2.start?.zxid ?? "0x0";
  const started = replay2;
  let position = null;
  const stop = (entry, offset, problem, after = "") => {
    entry.problem = problem;
    stoppedAt = { path: entry.path, offset, zxid: started.span().to?.zxid ?? null };
    reason = [reason, `${entry.path}: ${problem}${after}`].filter(Boolean).join("; ");
  };
  const wanted = logsAfter(logs, begin);
  const reading = readLogs(wanted.map((file) => file.path));
  try {
    for (let i = 0; i < wanted.length && stoppedAt === null; i += 1) {
      const file = wanted[i];
      const newest = i === wanted.length - 1;
      const entry = report.get(file.path);
      entry.used = true;
      position = { path: file.path, zxid: file.zxid, offset: FILE_HEADER_BYTES };
      const entries = entriesOf(reading.parts(i), replay2.tree);
      let read;
      try {
        read = await entries.next();
      } catch (error) {
        stop(entry, 0, message(file.path, error));
        break;
      }
      const last = replay2.span().to?.zxid ?? begin;
      if (compareZxid(file.zxid, nextZxid(last)) > 0 && sameEpoch(file.zxid, last)) {
        await entries.return(void 0);
        stop(entry, 0, `transactions after ${last} are missing before this log, which begins at ${file.zxid}`);
        break;
      }
      try {
        for (; !read.done && stoppedAt === null; read = await entries.next()) {
          for (const txn of read.value) {
            if ("reason" in txn) {
              position.offset = txn.offset;
              if (following && newest) {
                await entries.return(void 0);
                return { replay: replay2, info: infoOf(dirs, replay2, [...report.values()], stoppedAt, reason, following), position };
              }
              stop(entry, txn.offset, `${txn.reason} at byte ${txn.offset}`, "; the replay ends at the transaction before it");
              break;
            }
            entry.count += 1;
            replay2.apply(txn);
            position.offset = txn.offset;
          }
        }
        if (!read.done) await entries.return(void 0);
      } catch (error) {
        stop(entry, 0, message(file.path, error));
      }
    }
  } finally {
    reading.close();
  }
  return { replay: replay2, info: infoOf(dirs, replay2, [...report.values()], stoppedAt, reason, following), position };
}
function logsAfter(logs, zxid) {
  return logs.filter((_, i) => logs[i + 1] === void 0 || compareZxid(logs[i + 1].zxid, zxid) > 0);
}
function nextZxid(zxid) {
  return `0x${(BigInt(zxid) + 1n).toString(16)}`;
}
function expectedTransactions(logs) {
  let total = 0;
  logs.forEach((log, i) => {
    const next = logs[i + 1];
    const bySize = log.bytes / (next === void 0 ? 130 : 45);
    total += next !== void 0 && sameEpoch(log.zxid, next.zxid) ? Math.min(bySize, Number(BigInt(next.zxid) - BigInt(log.zxid))) : bySize;
  });
  return Math.min(Math.ceil(total), EXPECTED_AT_MOST);
}
var EXPECTED_AT_MOST = 1 << 20;
function sameEpoch(a, b) {
  return BigInt(a) >> 32n === BigInt(b) >> 32n;
}
function latestTime(nodes) {
  let latest = 0;
  for (const node of nodes) latest = Math.max(latest, node.mtime, node.ctime);
  return latest;
}
function infoOf(dirs, replay2, files, stoppedAt, reason, live = false) {
  const { from, to } = replay2.span();
  return {
    dirs: [...dirs],
    from: from?.time ?? null,
    to: to?.time ?? null,
    firstZxid: from?.zxid ?? null,
    lastZxid: to?.zxid ?? null,
    transactions: replay2.moments.count,
    files: files.sort((a, b) => a.kind.localeCompare(b.kind) || compareZxid(a.zxid, b.zxid)),
    stoppedAt,
    reason,
    live
  };
}

// .tmp/load-cpu.ts
var c0 = process.cpuUsage();
var t = performance.now();
var { replay } = await loadReplay(process.argv[2].split(","), { roots: ["/"], staleHolderMs: 6e4 });
replay.locks();
var wall = performance.now() - t;
var c = process.cpuUsage(c0);
console.log("wall", wall.toFixed(0), "cpu", ((c.user + c.system) / 1e3).toFixed(0));
