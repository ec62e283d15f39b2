import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FeedbackStatus, FeedbackType } from '@adhd/shared/feedback/schema';

/** SPEC section 5's feedback messages and the few shared keys the form can meet, by message key. */
export function feedbackFieldMessage(key: string): MessageDescriptor {
  switch (key) {
    case 'feedback.nameRequired':
      return msg({ message: 'Name is required', context: 'feedback' });
    case 'feedback.emailRequired':
      return msg`Email is required`;
    case 'validation.email':
      return msg`Please enter a valid email address`;
    case 'feedback.typeRequired':
      return msg`Please select a feedback type`;
    case 'feedback.messageRequired':
      return msg`Please enter your feedback message`;
    case 'feedback.filesTooLarge':
      return msg`Total file size exceeds 5MB limit`;
    case 'feedback.tooManyFiles':
      return msg`Maximum 3 files allowed`;
    case 'feedback.imageType':
      return msg`Screenshots must be PNG, JPEG, WebP or GIF images`;
    case 'validation.maxLength':
      return msg`This text is too long`;
    default:
      return msg`This value is not valid`;
  }
}

export const feedbackMessages = {
  failed: msg`There was an error submitting your feedback. Please try again.`,
  disabled: msg`Feedback is turned off on this server`,
  tooMany: msg`You have sent a lot of feedback just now. Please try again in a few minutes.`,
};

export const TYPE_LABELS: Record<FeedbackType, MessageDescriptor> = {
  bug: msg`Bug report`,
  feature: msg`Feature request`,
  improvement: msg`Improvement suggestion`,
  other: msg({ message: 'Other', context: 'feedback type' }),
};

export const STATUS_LABELS: Record<FeedbackStatus, MessageDescriptor> = {
  new: msg({ message: 'New', context: 'feedback status' }),
  read: msg({ message: 'Read', context: 'feedback status' }),
  resolved: msg({ message: 'Resolved', context: 'feedback status' }),
};
