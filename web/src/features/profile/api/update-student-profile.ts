import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { profileQueryKey } from '@/lib/auth/get-profile';
import { toLatinDigits } from '@/lib/format';
import { studentProfileKey, type StudentProfile } from './get-student-profile';

export type StudentProfileInput = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  bio: string;
  /** Sent only when it changed, with the code texted to it. */
  phone_number?: string;
  code?: string;
};

/** profileForm builds the multipart body of a save: only the fields that are
 * filled (spec section 5: "profile save sends only non-empty fields"). */
export function profileForm(input: StudentProfileInput): FormData {
  const form = new FormData();
  for (const [key, raw] of Object.entries(input)) {
    if (raw === undefined) continue;
    let value = String(raw).trim();
    if (key === 'phone_number' || key === 'code') value = toLatinDigits(value);
    if (value !== '') form.append(key, value);
  }
  return form;
}

/** updateStudentProfile saves the filled fields (POST /api/student/profile/, multipart). */
export function updateStudentProfile(input: StudentProfileInput): Promise<StudentProfile> {
  const form = profileForm(input);
  return request(api.POST('/api/student/profile/', { body: {}, bodySerializer: () => form }));
}

export function useUpdateStudentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudentProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(studentProfileKey, profile);
      // The header shows the name and the session keeps the user: read them again.
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
