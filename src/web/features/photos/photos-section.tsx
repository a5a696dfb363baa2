import { useId, useRef, useState, type ChangeEvent } from 'react';
import {
  isPhotoContentType,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_PROPERTY,
  photoAltText,
  photoMessages,
  type PhotoTarget,
} from '#domain/photos/photo-rules.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { photoUrl, useDeletePhoto, usePhotos, useUploadPhoto, type Photo } from './photos-api';
import './photos.css';

interface PhotosSectionProps {
  target: PhotoTarget;
  /** What the photos are of, for their descriptions. */
  address: string;
  /** Whether the member may add and delete them (the server refuses otherwise too). */
  mayChange: boolean;
  /** The heading's level: 2 on a lead's page, 3 inside a saved property's card. */
  headingLevel?: 2 | 3;
}

/**
 * A saved property's or lead's photos: thumbnails (each opens the full photo), a labelled file
 * picker that takes several at once, and a Delete button per photo. The browser checks type and
 * size for instant feedback; the server checks them again by content.
 */
export function PhotosSection({ target, address, mayChange, headingLevel = 2 }: PhotosSectionProps) {
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const photos = usePhotos(target);
  const upload = useUploadPhoto(target);
  const remove = useDeletePhoto(target);
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const list = photos.data?.photos ?? [];

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    if (files.length === 0) return;
    const refused: string[] = [];
    let added = 0;
    setProblems([]);
    for (const [index, file] of files.entries()) {
      setStatus(`Uploading photo ${index + 1} of ${files.length}...`);
      // Instant feedback; a phone's picker may give no type, which the server then reads from the content.
      if (file.type && !isPhotoContentType(file.type)) {
        refused.push(`${file.name}: ${photoMessages.wrongType}`);
        continue;
      }
      if (file.size > MAX_PHOTO_BYTES) {
        refused.push(`${file.name}: ${photoMessages.tooLarge}`);
        continue;
      }
      try {
        await upload.mutateAsync(file);
        added++;
      } catch (error) {
        refused.push(
          `${file.name}: ${serverErrorMessage(error, 'The photo could not be uploaded. Please try again.')}`,
        );
      }
    }
    input.value = '';
    setProblems(refused);
    setStatus(added === 0 ? '' : `${added} ${added === 1 ? 'photo' : 'photos'} added.`);
  }

  async function onDelete(photo: Photo, position: number) {
    try {
      await remove.mutateAsync(photo.id);
      setStatus(`Photo ${position} deleted.`);
      setProblems([]);
    } catch (error) {
      setProblems([serverErrorMessage(error, 'The photo could not be deleted. Please try again.')]);
    }
    // Its button is gone: the focus goes back to the section's heading, not to the page's start.
    headingRef.current?.focus();
  }

  return (
    <section className="photos-section" aria-labelledby={titleId}>
      <Heading id={titleId} ref={headingRef} tabIndex={-1} className="card-title">
        Photos{list.length > 0 && <span className="muted"> ({list.length})</span>}
      </Heading>
      {photos.isPending ? (
        <p className="loading" role="status">
          Loading photos...
        </p>
      ) : photos.isError ? (
        <p role="alert">{serverErrorMessage(photos.error, 'We could not load the photos. Please try again.')}</p>
      ) : list.length === 0 ? (
        <p className="muted">No photos yet.</p>
      ) : (
        <ul className="photo-grid">
          {list.map((photo, index) => {
            const alt = photoAltText(index + 1, list.length, address);
            return (
              <li key={photo.id} className="photo-item">
                <a href={photoUrl(photo, 'full')} target="_blank" rel="noreferrer">
                  <img
                    src={photoUrl(photo, 'thumbnail')}
                    alt={alt}
                    loading="lazy"
                    width={Math.round((photo.width / Math.max(photo.width, photo.height)) * 160)}
                    height={Math.round((photo.height / Math.max(photo.width, photo.height)) * 160)}
                  />
                </a>
                {mayChange && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={remove.isPending}
                    onClick={() => void onDelete(photo, index + 1)}
                  >
                    Delete<span className="visually-hidden"> {alt}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {mayChange && list.length < MAX_PHOTOS_PER_PROPERTY && photos.isSuccess && (
        <div className="photo-upload">
          <label htmlFor={inputId}>Add photos</label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            aria-describedby={hintId}
            disabled={upload.isPending}
            onChange={(event) => void onChoose(event)}
          />
          <p id={hintId} className="muted">
            JPEG, PNG or WebP, up to 10 MB each; at most {MAX_PHOTOS_PER_PROPERTY} photos. Location data is removed.
          </p>
        </div>
      )}
      <p role="status" className="photo-status">
        {status}
      </p>
      {problems.length > 0 && (
        <ul role="alert" className="photo-problems">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A saved property's photos behind a "Photos" button, read only once opened (a long list asks for none). */
export function PhotosDisclosure(props: PhotosSectionProps) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div className="photos-disclosure">
      <button
        type="button"
        className="button button-secondary button-small"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? 'Hide photos' : 'Photos'}
        <span className="visually-hidden"> of {props.address}</span>
      </button>
      <div id={regionId} hidden={!open}>
        {open && <PhotosSection {...props} headingLevel={3} />}
      </div>
    </div>
  );
}
