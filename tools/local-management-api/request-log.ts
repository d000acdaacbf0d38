/**
 * Every Management API request the emulator answered, in arrival order, so
 * tests can count requests per second where Storyblok would count them.
 */
export interface AnsweredRequest {
  method: string;
  /** Path and query, e.g. `/v1/spaces/1/stories?page=2`. */
  path: string;
  /** When the request arrived, by the emulator's clock (ms). */
  at: number;
  status: number;
}

export type RequestLog = AnsweredRequest[];
