/** How many requests a push made, by what they did: the summary's numbers, and what a test compares with the server's log. */

export type RequestKind = "read" | "write" | "upload";

export interface RequestCounts {
  reads: number;
  /** Management API calls that change the space. */
  writes: number;
  /** Files posted to a signed upload form (not a Management API call; Storyblok's are S3's). */
  uploads: number;
  /** e.g. `createStory: 7`. */
  byCall: Record<string, number>;
}

export function emptyRequestCounts(): RequestCounts {
  return { reads: 0, writes: 0, uploads: 0, byCall: {} };
}

export function countRequest(counts: RequestCounts, kind: RequestKind, call: string): void {
  if (kind === "read") counts.reads++;
  else if (kind === "write") counts.writes++;
  else counts.uploads++;
  counts.byCall[call] = (counts.byCall[call] ?? 0) + 1;
}

export function totalRequests(counts: RequestCounts): number {
  return counts.reads + counts.writes + counts.uploads;
}
