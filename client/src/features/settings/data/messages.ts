import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ExportProblem } from '@adhd/shared/backup/check';
import { fieldMessage } from '../../auth';

/** The words of an import problem (`checkExport`'s or the server's 400): its message key, translated. */
export function problemText(problem: Pick<ExportProblem, 'key'>): MessageDescriptor {
  switch (problem.key) {
    case 'backup.notJson':
      return msg`The file is not valid JSON`;
    case 'backup.notExport':
      return msg`The file is not an export of this app`;
    case 'backup.newerVersion':
      return msg`The file was made by a newer version of the app. Update the app first`;
    case 'backup.duplicateId':
      return msg`The same id appears twice`;
    case 'backup.duplicateName':
      return msg`Two tags have the same name`;
    case 'backup.missingReference':
      return msg`This refers to something that is not in the file`;
    case 'backup.cycle':
      return msg`This item is inside itself`;
    case 'backup.dayId':
      return msg`The id does not match the habit and date`;
    case 'tasks.titleRequired':
      return msg({ id: 'tasks.titleRequired', message: 'Title is required' });
    case 'validation.titleRequired':
      return msg({ id: 'validation.titleRequired', message: 'Title is required' });
    case 'validation.contentRequired':
      return msg({ id: 'validation.contentRequired', message: 'Content is required' });
    case 'validation.folderNameRequired':
      return msg({ id: 'validation.folderNameRequired', message: 'Folder name is required' });
    case 'tags.nameRequired':
      return msg({ message: 'Name is required', context: 'tag' });
    case 'validation.invalidDate':
      return msg`Please enter a valid date (YYYY-MM-DD)`;
    case 'validation.invalidId':
      return msg`This id is not valid`;
    case 'validation.tooMany':
      return msg`Too many items`;
    case 'validation.hexColor':
      return msg`Must be a valid hex color`;
    default:
      return fieldMessage({ key: problem.key });
  }
}
