/**
 * Every Management API request the emulator answered, in the order its
 * answers were ready (a slow write is logged after a quicker read that came
 * later), so tests can count requests per second where Storyblok would
 * count them: by `admittedAt`, sorted.
 */
export interface AnsweredRequest {
  method: string;
  /** Path and query, e.g. `/v1/spaces/1/stories?page=2`. */
  path: string;
  /** When the request arrived, by the emulator's clock (ms). */
  at: number;
  /**
   * When the rate window admitted it, by the same clock: the moment the limit is decided, so the
   * one to count requests per second by. Absent for a 429 and for what the window never saw (a
   * refused token).
   */
  admittedAt?: number;
  status: number;
}

export type RequestLog = AnsweredRequest[];
