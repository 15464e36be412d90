/**
 * The words of why an ensemble cannot be read, or not wholly (a refused certificate, a wrong
 * password, a member that does not answer, a capped scan), in English and Simplified Chinese;
 * `messages.ts` adds them to the rest and says a `Reason` with them. The English is what the
 * API's `reason` and the logs say. `{name}` marks a parameter filled in when shown.
 */
export const REASONS_EN = {
  reasonTlsUnsigned: 'TLS: the certificate of {where} is not signed by ZK_TLS_CA ({code})',
  reasonTlsExpired: 'TLS: the certificate of {where} has expired ({code})',
  reasonTlsNotYetValid: 'TLS: the certificate of {where} is not valid yet ({code})',
  reasonTlsWrongName: 'TLS: the certificate of {where} does not name {host} ({code})',
  reasonTlsAlert: 'TLS: {where} refused the handshake ({alert})',
  reasonTlsAlertCertificate: 'TLS: {where} refused the handshake ({alert}): does it trust the CA of ZK_TLS_CERT, and is ZK_TLS_KEY its key?',
  reasonTlsRefused: 'TLS: {where} refused the handshake: {detail}',
  reasonNetwork: '{where}: {detail}',
  reasonClosedUnanswered: '{where} ended the connection unanswered: not serving yet, behind the last transaction this session saw, or past maxClientCnxns',
  reasonSaslRequired: 'SASL: ZooKeeper requires a SASL login (enforce.auth.enabled): set ZK_SASL=digest-md5:USER:PASSWORD',
  reasonSaslClosed: 'SASL: ZooKeeper closed the session for want of a SASL login',
  reasonSaslDigestRefused: 'SASL: ZooKeeper refused user "{user}" (DIGEST-MD5, {error}): wrong user or password?',
  reasonSaslGssapiRefused: "SASL GSSAPI: ZooKeeper refused the login of {principal} to {service} ({error}): its log says why (its own keytab for that principal, or its clock against the KDC's)",
  reasonSasl: '{mechanism}: {detail}',
  reasonReadOnly: 'the member is read-only (cut off from the quorum)',
  reasonLoginRefused: 'ZooKeeper refused the login',
  reasonTlsFailed: 'the TLS handshake failed',
  reasonExpired: 'the session expired; a new one is being opened',
  reasonClosed: 'the session is closed',
  reasonNoMember: 'no member answers',
  reasonScanCapped: 'the scan stopped at {max} znodes (DISCOVERY_MAX_NODES)',
  reasonScanDeep: 'the scan stopped at depth {depth}',
  reasonNoAuthLocks: '{n} locks ZooKeeper will not let the explorer read (NoAuth)',
  reasonNoAuthLocksOne: '1 lock ZooKeeper will not let the explorer read (NoAuth)',
  reasonNoAuthListing: 'ZooKeeper would not let the explorer list {first} (NoAuth): locks below are not listed; start it with ZK_AUTH as a user their ACL allows',
  reasonNoAuthListingMany: 'ZooKeeper would not let the explorer list {count} znodes ({first} first) (NoAuth): locks below are not listed; start it with ZK_AUTH as a user their ACL allows',
} as const;

export type ReasonKey = keyof typeof REASONS_EN;

export const REASONS_ZH: Record<ReasonKey, string> = {
  reasonTlsUnsigned: 'TLS：{where} 的证书不是由 ZK_TLS_CA 签发的（{code}）',
  reasonTlsExpired: 'TLS：{where} 的证书已过期（{code}）',
  reasonTlsNotYetValid: 'TLS：{where} 的证书尚未生效（{code}）',
  reasonTlsWrongName: 'TLS：{where} 的证书中没有 {host} 这个名字（{code}）',
  reasonTlsAlert: 'TLS：{where} 拒绝了握手（{alert}）',
  reasonTlsAlertCertificate: 'TLS：{where} 拒绝了握手（{alert}）：它是否信任 ZK_TLS_CERT 的签发 CA？ZK_TLS_KEY 是否是该证书的私钥？',
  reasonTlsRefused: 'TLS：{where} 拒绝了握手：{detail}',
  reasonNetwork: '无法连接 {where}：{detail}',
  reasonClosedUnanswered: '{where} 未应答即断开连接：尚未就绪、落后于本会话见过的最后事务，或超过 maxClientCnxns',
  reasonSaslRequired: 'SASL：ZooKeeper 要求 SASL 登录（enforce.auth.enabled）：请设置 ZK_SASL=digest-md5:USER:PASSWORD',
  reasonSaslClosed: 'SASL：ZooKeeper 因为没有 SASL 登录而关闭了会话',
  reasonSaslDigestRefused: 'SASL：ZooKeeper 拒绝了用户“{user}”（DIGEST-MD5，{error}）：用户名或密码错误？',
  reasonSaslGssapiRefused: 'SASL GSSAPI：ZooKeeper 拒绝了 {principal} 登录到 {service}（{error}）：原因见 ZooKeeper 的日志（它自己的该主体的 keytab，或它与 KDC 的时钟偏差）',
  reasonSasl: '{mechanism} 登录失败：{detail}',
  reasonReadOnly: '该成员处于只读状态（与法定多数失去联系）',
  reasonLoginRefused: 'ZooKeeper 拒绝了登录',
  reasonTlsFailed: 'TLS 握手失败',
  reasonExpired: '会话已过期，正在打开新会话',
  reasonClosed: '会话已关闭',
  reasonNoMember: '没有成员应答',
  reasonScanCapped: '扫描在 {max} 个 znode 处停止（DISCOVERY_MAX_NODES）',
  reasonScanDeep: '扫描在深度 {depth} 处停止',
  reasonNoAuthLocks: '{n} 把锁 ZooKeeper 不允许本工具读取（NoAuth）',
  reasonNoAuthLocksOne: '1 把锁 ZooKeeper 不允许本工具读取（NoAuth）',
  reasonNoAuthListing: 'ZooKeeper 不允许本工具列出 {first} 的子节点（NoAuth）：其下的锁没有列出；请以其 ACL 允许的用户设置 ZK_AUTH 后启动',
  reasonNoAuthListingMany: 'ZooKeeper 不允许本工具列出 {count} 个 znode 的子节点（首个是 {first}）（NoAuth）：其下的锁没有列出；请以其 ACL 允许的用户设置 ZK_AUTH 后启动',
};
