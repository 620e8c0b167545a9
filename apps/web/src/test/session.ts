/** Signs a member in as the session store reads it from local storage: user 7 with profile PR000001, no back-office roles. */
export function signInMember(): void {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ id: 7, is_admin: false, is_approver: false, profile_id: 'PR000001' }));
}
