import type { CSSProperties } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { NAV_ICONS } from './nav-icons';

/** A section of the app in the navigation, with its category colour (SPEC section 1). */
export interface Section {
  href: string;
  label: MessageDescriptor;
  color: string;
  /** The phone's bottom bar shows the sections with an icon; the others are in its "More" sheet. */
  icon?: keyof typeof NAV_ICONS;
}

const c = (name: string) => `var(--color-section-${name})`;

/** Dashboard, Tasks, Habits, Calendar, Notes: the phone's bottom bar. */
export const MAIN_SECTIONS: Section[] = [
  { href: '/dashboard', label: msg`Dashboard`, color: c('dashboard'), icon: 'viewDashboardOutline' },
  { href: '/tasks', label: msg`Tasks`, color: c('tasks'), icon: 'formatListChecks' },
  { href: '/habits', label: msg`Habits`, color: c('habits'), icon: 'repeat' },
  { href: '/calendar', label: msg`Calendar`, color: c('events'), icon: 'calendarBlankOutline' },
  { href: '/notes', label: msg`Notes`, color: c('notes'), icon: 'noteTextOutline' },
];

export const INBOX: Section = { href: '/inbox', label: msg`Inbox`, color: c('inbox') };
export const TAGS: Section = { href: '/tags', label: msg`Tags`, color: c('tags') };
export const SETTINGS: Section = { href: '/auth/settings', label: msg`Settings`, color: c('settings') };
export const ADMIN: Section = { href: '/admin', label: msg`Admin`, color: c('admin') };

/** The sections behind "More" on a phone: Inbox, Tags, Settings, and Admin for admins. */
export const moreSections = (admin: boolean): Section[] => (admin ? [INBOX, TAGS, SETTINGS, ADMIN] : [INBOX, TAGS, SETTINGS]);

/** Whether `location` is in the section at `href` (the section itself or a page under it). */
export const inSection = (location: string, href: string) => location === href || location.startsWith(`${href}/`);

/** The section's colour as `--c`, which the navigation's styles (styles.css, `.nav-*`) paint with. */
export const tint = (section: Section) => ({ '--c': section.color }) as CSSProperties;
