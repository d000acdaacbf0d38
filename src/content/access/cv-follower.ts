/**
 * Published answers are kept per cv (the library's cache, the queries'
 * memo), and a process learns a new cv only from a response or a refresh.
 * An instance that got no webhook would answer /sitemap.xml, /contact and
 * the contact form's field rules from the old version until it restarts.
 * The follower looks for the latest cv at most every CONTENT_CV_TTL_SECONDS
 * (on the first published read after that time): in Redis when instances
 * share one (written by whichever instance learned it), else, or while
 * Redis is unreachable, by asking the API's cdn/spaces/me.
 */
import { ContentConfigError } from "../sources/content-source";
import type { SharedCvStore } from "./shared/shared-cv-store";

const DEFAULT_CV_TTL_SECONDS = 10;

/** CONTENT_CV_TTL_SECONDS in ms: a whole number of seconds, 0 to follow nothing (each process keeps its cv until a refresh). */
export function readCvTtlMs(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const value = env.CONTENT_CV_TTL_SECONDS?.trim();
  if (!value) return DEFAULT_CV_TTL_SECONDS * 1000;
  if (!/^\d{1,6}$/.test(value)) {
    throw new ContentConfigError(`CONTENT_CV_TTL_SECONDS must be a whole number of seconds (0 turns it off), got "${value}".`);
  }
  return Number(value) * 1000;
}

export interface CvFollowerOptions {
  ttlMs: number;
  shared?: SharedCvStore | undefined;
  /** Asks the API for its latest cv and adopts it (ContentClient.refreshCacheVersion). */
  askApi(): Promise<number>;
  /** Adopts `cv` when it is newer than the client's (ContentClient.followCacheVersion). */
  adopt(cv: number): Promise<unknown>;
  now?: () => number;
  log?: (line: string) => void;
}

export interface CvFollower {
  /** Adopts the latest cv when the last look is over the TTL old; concurrent callers share one look. */
  follow(): Promise<void>;
}

export function createCvFollower(options: CvFollowerOptions): CvFollower {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));
  // The first response brings the current cv: the first look is due one TTL after start.
  let due = now() + options.ttlMs;
  let looking: Promise<void> | undefined;
  let failing = false;

  async function latestCv(): Promise<number | undefined> {
    if (options.shared) {
      try {
        return await options.shared.read();
      } catch {
        // Redis is unreachable (the link has logged it): ask the API, as a process without Redis does.
      }
    }
    return options.askApi();
  }

  async function look(): Promise<void> {
    try {
      const cv = await latestCv();
      if (cv !== undefined) await options.adopt(cv);
      failing = false;
    } catch (error) {
      // Logged once until a look succeeds: the API being down is logged where pages fail, too.
      if (!failing) log(`content: could not read the latest content version (${String(error)}); answering from the one this process has`);
      failing = true;
    }
  }

  return {
    follow() {
      if (looking) return looking;
      if (options.ttlMs <= 0 || now() < due) return Promise.resolve();
      due = now() + options.ttlMs;
      looking = look().finally(() => (looking = undefined));
      return looking;
    },
  };
}
