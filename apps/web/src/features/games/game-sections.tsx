import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, Plus } from 'lucide-react';
import { GAME_CATEGORIES, type GameCategory } from '@jetton/contract/constants';
import type { TGameAccount } from '@jetton/contract/wallet';
import { GameFigures } from './game-figures';
import styles from './game-sections.module.css';

type GameSectionsProps = { games: readonly TGameAccount[]; onOpen: (code: string) => void };

/** 'Slot', 'Sport + Casino' and 'Lotto' (docs/screens.md, "Home"), each a grid of game-account cards. */
export function GameSections({ games, onOpen }: GameSectionsProps) {
  return (
    <>
      {GAME_CATEGORIES.map((category) => {
        const inCategory = games.filter((game) => game.category === category);
        return inCategory.length > 0 && <GameSection key={category} category={category} games={inCategory} onOpen={onOpen} />;
      })}
    </>
  );
}

function GameSection({ category, games, onOpen }: { category: GameCategory } & GameSectionsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t(`home.games.${category}`)}
      </h2>
      <ul className={styles.grid}>
        {games.map((game) => (
          <GameCard key={game.code} game={game} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

/** Background, logo, name, balance and balance x ftWalletSlot; 'view data' or 'open account'. */
function GameCard({ game, onOpen }: { game: TGameAccount; onOpen: (code: string) => void }) {
  const { t } = useTranslation();
  const nameId = useId();
  return (
    <li className={styles.card}>
      <div className={styles.art}>
        <img className={styles.background} src={game.background} alt="" loading="lazy" decoding="async" />
        <img className={styles.logo} src={game.logo} alt="" width={44} height={44} decoding="async" />
      </div>
      <div className={styles.body}>
        <h3 id={nameId} className={styles.name}>
          {game.name}
        </h3>
        <GameFigures game={game} className={styles.figures} />
        <button
          type="button"
          className={game.isActive ? styles.view : styles.open}
          onClick={() => onOpen(game.code)}
          aria-haspopup="dialog"
          aria-describedby={nameId}
        >
          {game.isActive ? <Eye aria-hidden="true" size={18} strokeWidth={2} /> : <Plus aria-hidden="true" size={18} strokeWidth={2} />}
          {game.isActive ? t('home.games.view') : t('home.games.open')}
        </button>
      </div>
    </li>
  );
}
