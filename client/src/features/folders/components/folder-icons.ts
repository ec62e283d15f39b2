import {
  mdiBookOpenVariant,
  mdiBriefcase,
  mdiCart,
  mdiCodeBraces,
  mdiFolder,
  mdiHeart,
  mdiHome,
  mdiLightbulbOn,
  mdiMusic,
  mdiSchool,
  mdiStar,
  mdiAirplane,
} from '@mdi/js';

/** The folder icons offered in the folder dialog, by the names stored in `icon` (SPEC: `mdi-…` names). */
export const FOLDER_ICONS: Record<string, string> = {
  'mdi-folder': mdiFolder,
  'mdi-briefcase': mdiBriefcase,
  'mdi-home': mdiHome,
  'mdi-book-open-variant': mdiBookOpenVariant,
  'mdi-lightbulb-on': mdiLightbulbOn,
  'mdi-heart': mdiHeart,
  'mdi-star': mdiStar,
  'mdi-school': mdiSchool,
  'mdi-cart': mdiCart,
  'mdi-code-braces': mdiCodeBraces,
  'mdi-music': mdiMusic,
  'mdi-airplane': mdiAirplane,
};

/** The path of a stored icon name; the plain folder for none or an unknown name. */
export const folderIconPath = (icon: string | null | undefined): string => (icon && FOLDER_ICONS[icon]) || mdiFolder;

/** The folders category colour when a folder has none of its own (SPEC section 1). */
export const folderColor = (color: string | null | undefined): string => color || 'var(--color-section-folders)';
