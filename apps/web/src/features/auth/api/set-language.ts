import type { Language } from '@utsav/domain/languages';
import { api } from '../../../lib/api-client';

/** PUT /auth/language: emails and PDFs sent to this person later are written in the language they chose. */
export async function saveLanguage(language: Language): Promise<void> {
  await api.put('/auth/language', { language });
}
