import Button from 'react-bootstrap/Button';
import { t, Words } from '../words';

/** A thumbnail is at most about this wide: the browser takes the 400 px version. */
const THUMBNAIL_SIZES = '10rem';

export interface Tile {
  key: string;
  src: string;
  srcset?: string;
  /** The file's name, or "Photo 2" for a stored one. */
  name: string;
}

interface PhotoTilesProps {
  tiles: readonly Tile[];
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  disabled: boolean;
}

/** The photos in order, the first marked as the cover, each with buttons to make it the cover, move it and remove it. */
export function PhotoTiles({ tiles, onMove, onRemove, disabled }: PhotoTilesProps) {
  if (tiles.length === 0) return null;
  return (
    <ol className="list-unstyled d-flex flex-wrap gap-3 mb-3" aria-label={t('owner.photos.listLabel')}>
      {tiles.map((tile, index) => (
        <li key={tile.key} className="border rounded p-2" style={{ width: '11rem' }}>
          <div className="ratio ratio-16x10 mb-2">
            <img
              src={tile.src}
              srcSet={tile.srcset}
              sizes={tile.srcset ? THUMBNAIL_SIZES : undefined}
              alt={index === 0 ? t('owner.photos.coverAlt', { name: tile.name }) : tile.name}
              className="rounded object-fit-cover"
            />
          </div>
          <p className="small mb-2 text-truncate" title={tile.name}>
            {index === 0 ? <strong>{t('owner.photos.cover')}</strong> : null}
            {tile.name}
          </p>
          <div className="d-flex flex-wrap gap-1">
            {index > 0 ? (
              <Button size="sm" variant="outline-primary" onClick={() => onMove(index, 0)} disabled={disabled}>
                <Words
                  id="owner.photos.makeCover"
                  values={{ name: tile.name }}
                  components={{ 0: <span className="visually-hidden" /> }}
                />
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => onMove(index, index - 1)}
              disabled={disabled || index === 0}
            >
              <Words
                id="owner.photos.moveLeft"
                values={{ name: tile.name }}
                components={{ 0: <span className="visually-hidden" /> }}
              />
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => onMove(index, index + 1)}
              disabled={disabled || index === tiles.length - 1}
            >
              <Words
                id="owner.photos.moveRight"
                values={{ name: tile.name }}
                components={{ 0: <span className="visually-hidden" /> }}
              />
            </Button>
            <Button size="sm" variant="outline-danger" onClick={() => onRemove(index)} disabled={disabled}>
              <Words
                id="owner.photos.remove"
                values={{ name: tile.name }}
                components={{ 0: <span className="visually-hidden" /> }}
              />
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
