import { useTranslation } from 'react-i18next';
import { VideoOff } from 'lucide-react';
import { Sheet } from '@jetton/ui/components/sheet';
import type { HowtoVideo } from './use-howto';
import styles from './howto-screen.module.css';

type VideoSheetProps = { video: HowtoVideo | null; onClose: () => void };

/** The modal player: a native <video controls>, or "video coming soon" when there is no URL. */
export function VideoSheet({ video, onClose }: VideoSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={video !== null} onClose={onClose} title={video ? t(`howto.videos.${video.key}`) : ''}>
      {video?.url ? (
        <video className={styles.video} src={video.url} controls playsInline preload="metadata" />
      ) : (
        <div className={styles.soon}>
          <VideoOff aria-hidden="true" size={40} strokeWidth={2} />
          <p className={styles.soonTitle}>{t('howto.comingSoon')}</p>
          <p className={styles.soonText}>{t('howto.comingSoonText')}</p>
        </div>
      )}
    </Sheet>
  );
}
