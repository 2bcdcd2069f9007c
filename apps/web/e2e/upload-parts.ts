import type { Route } from '@playwright/test';

/** 21 MiB of MP4 (an ftyp box, then filler): three 8 MiB upload parts. */
export function threePartVideo(): Buffer {
  const video = Buffer.alloc(21 * 1024 * 1024, 0x11);
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]).copy(video);
  return video;
}

/** What a request to the local upload endpoint does, e.g. 'PUT 2' for part 2 or 'POST 3' to finish. */
export function uploadStep(route: Route): string {
  const url = new URL(route.request().url());
  return `${route.request().method()} ${url.searchParams.get('part') ?? url.searchParams.get('parts') ?? ''}`;
}
