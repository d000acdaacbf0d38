/**
 * The local Management API's rate limit, counted where it is decided: the
 * times its rate window admitted each request (`admittedAt`), not the times
 * the requests arrived or were logged. Those are read at other moments, and
 * on a busy machine the two readings drift apart by tens of milliseconds, so
 * a limit kept to the millisecond looked broken (a 4th request 972 ms after
 * the 1st). Whether a client kept to the limit is told by the 429s the
 * emulator answered, which the tests count beside these.
 */
import type { AnsweredRequest } from "../../../tools/local-management-api/request-log";

/** When the emulator admitted each request, in the order it admitted them; 429s and refused tokens are not admitted. */
export function admissionTimes(requests: readonly AnsweredRequest[]): number[] {
  return requests.flatMap((request) => (request.admittedAt === undefined ? [] : [request.admittedAt])).sort((a, b) => a - b);
}

/** The most requests the emulator admitted in any rolling second (a window [t, t + 1000 ms) starting at an admission). */
export function busiestSecond(requests: readonly AnsweredRequest[]): number {
  const times = admissionTimes(requests);
  let most = 0;
  for (let start = 0, end = 0; start < times.length; start++) {
    while (end < times.length && times[end]! < times[start]! + 1000) end++;
    most = Math.max(most, end - start);
  }
  return most;
}
