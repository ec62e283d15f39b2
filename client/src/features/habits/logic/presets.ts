import type { HabitPreset } from './form';

/** Ready-made habits offered in the create form (SPEC section 4: a create preset pre-fills the form). */
export interface PresetDef {
  key: string;
  preset: HabitPreset;
}

export const PRESET_DEFS: readonly PresetDef[] = [
  { key: 'water', preset: { icon: 'mdi-cup-water', color: '#2196F3', timeOfDay: 'anytime', mode: 'daily' } },
  { key: 'read', preset: { icon: 'mdi-book-open-page-variant', color: '#795548', timeOfDay: 'evening', mode: 'daily' } },
  { key: 'walk', preset: { icon: 'mdi-walk', color: '#4CAF50', timeOfDay: 'afternoon', mode: 'daily' } },
  { key: 'meditate', preset: { icon: 'mdi-meditation', color: '#9C27B0', timeOfDay: 'morning', mode: 'daily' } },
  { key: 'workout', preset: { icon: 'mdi-dumbbell', color: '#FF5722', timeOfDay: 'morning', mode: 'days', days: [1, 3, 5] } },
  { key: 'plants', preset: { icon: 'mdi-watering-can', color: '#8BC34A', timeOfDay: 'morning', mode: 'interval', interval: '3' } },
];
