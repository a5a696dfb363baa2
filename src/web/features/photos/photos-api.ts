import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { PhotoTarget } from '#domain/photos/photo-rules.ts';
import { api, apiErrorFrom, readJson } from '#web/api/api-client.ts';

export type PhotoList = InferResponseType<typeof api.photos.$get, 200>;
export type Photo = PhotoList['photos'][number];

/** Every photos query starts with this key. */
const photosKey = ['photos'] as const;
const photosOf = (target: PhotoTarget) => [...photosKey, target] as const;

/** Where the browser reads a photo: a route of the workspace's (the session's cookie goes with it), never a public address. */
export const photoUrl = (photo: Pick<Photo, 'id'>, size: 'full' | 'thumbnail') =>
  `/api/photos/${encodeURIComponent(photo.id)}/file${size === 'thumbnail' ? '?size=thumbnail' : ''}`;

/** A saved property's or lead's photos, oldest first; `enabled: false` until they are asked for. */
export function usePhotos(target: PhotoTarget, { enabled = true } = {}) {
  return useQuery({
    queryKey: photosOf(target),
    queryFn: () => readJson(api.photos.$get({ query: target })),
    enabled,
  });
}

/** Uploads one file as it is (the server checks its content, size and the count, and answers in its own words). */
export function useUploadPhoto(target: PhotoTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const response = await fetch(`/api/photos?${new URLSearchParams(target).toString()}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': file.type || 'application/octet-stream' },
        body: file,
      });
      if (!response.ok) throw await apiErrorFrom(response);
      return (await response.json()) as { photo: Photo };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: photosOf(target) }),
  });
}

export function useDeletePhoto(target: PhotoTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readJson(api.photos[':id'].$delete({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: photosOf(target) }),
  });
}
