/**
 * The ticket cache an operator's `kinit` filled, kept alive: its tickets live a day at most but
 * may be renewed for a week (`kinit -r`); the explorer renews them (`kinit -R`) every so often
 * while they may be, so that a login after a reconnection days later still finds a ticket. With
 * a keytab there is nothing to renew: MIT Kerberos fetches new tickets from it as they expire.
 * What stops the renewal (tickets that are not renewable, or past their renewable life; no
 * `kinit`) is said once, and again only when it changes.
 */
import { execFile } from 'node:child_process';

/** Tickets are renewed this often: far within the shortest lifetime realms give (a few hours). */
export const RENEW_EVERY_MS = 30 * 60_000;

export interface TicketRenewal {
  /** Renews now; answers null when it did, else why not (in one line). */
  renewNow(): Promise<string | null>;
  stop(): void;
}

export function renewTicketCache(options: { everyMs?: number; env?: NodeJS.ProcessEnv; log?: (line: string) => void } = {}): TicketRenewal {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.warn(line));
  let said: string | null = null;
  const renewNow = (): Promise<string | null> =>
    new Promise((resolve) => {
      execFile('kinit', ['-R'], { env, timeout: 30_000 }, (error, _stdout, stderr) => {
        const problem = error === null ? null : reasonOf(error as NodeJS.ErrnoException, stderr);
        if (problem !== said) log(problem === null ? 'Kerberos: the ticket cache is renewed again' : `Kerberos: ${problem}`);
        said = problem;
        resolve(problem);
      });
    });
  const timer = setInterval(() => void renewNow(), options.everyMs ?? RENEW_EVERY_MS);
  timer.unref();
  return { renewNow, stop: () => clearInterval(timer) };
}

function reasonOf(error: NodeJS.ErrnoException, stderr: string): string {
  if (error.code === 'ENOENT') return 'kinit is not installed: the ticket cache is not renewed, and the explorer cannot log in again once its tickets expire (install krb5-user, or give a keytab: ZK_KRB5_KEYTAB)';
  const said = stderr.replace(/^kinit:\s*/, '').replace(/\s+/g, ' ').trim() || error.message;
  if (/can't fulfill requested option|not renewable/i.test(said)) return `the ticket cache's tickets cannot be renewed (${said}): the explorer cannot log in again once they expire (kinit -r, or give a keytab: ZK_KRB5_KEYTAB)`;
  if (/expired/i.test(said)) return `the ticket cache's tickets have expired past renewal (${said}): kinit again, or give a keytab (ZK_KRB5_KEYTAB)`;
  return `the ticket cache could not be renewed: ${said}`;
}
