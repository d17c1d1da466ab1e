package httpapi

import (
	"net/http"

	"github.com/zabano/zabano"
)

// apiPrefix and paymentPrefix are the patterns that catch API paths no route takes.
const (
	apiPrefix     = "/api/"
	paymentPrefix = "/panel-api/"
)

// routes lists the whole HTTP surface in one place. API patterns end in {$}:
// a pattern ending in a bare slash would also match every path below it.
func (s *Server) routes(mux *routeMux) {
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	// The metrics are on a private address (MetricsHandler). Here their path
	// is not found, rather than a page of the web app.
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		detail(w, r, http.StatusNotFound, msgNotFound)
	})

	// Accounts (spec section 7).
	mux.HandleFunc("POST /api/phone-verify/{$}", s.sendCode)
	mux.HandleFunc("POST /api/register/{$}", s.register)
	mux.HandleFunc("POST /api/token/{$}", s.token)
	mux.HandleFunc("POST /api/auth/reset-password/{$}", s.resetPassword)
	mux.HandleFunc("GET /api/profile/{$}", s.signedIn(s.profile))
	mux.HandleFunc("POST /api/auth/change-password/{$}", s.signedIn(s.changePassword))
	// Each user's own data: the archive of it, and deleting the account (issue 14).
	mux.HandleFunc("GET /api/account/export/{$}", s.authed(s.exportAccount))
	mux.HandleFunc("POST /api/account/delete/{$}", s.authed(s.deleteAccount))
	if s.Outbox != nil {
		mux.HandleFunc("GET /api/dev/sms-outbox/{$}", s.smsOutbox)
	}

	// Profiles, media and finding a teacher.
	mux.HandleFunc("GET /api/teacher/profile/{$}", s.only(zabano.RoleTeacher, s.ownTeacherProfile))
	mux.HandleFunc("POST /api/teacher/profile/{$}", s.only(zabano.RoleTeacher, s.updateTeacherProfile))
	mux.HandleFunc("PUT /api/teacher/profile/{$}", s.only(zabano.RoleTeacher, s.updateTeacherProfile))
	mux.HandleFunc("PATCH /api/teacher/profile/{$}", s.only(zabano.RoleTeacher, s.updateTeacherProfile))
	mux.HandleFunc("POST /api/teacher/profile/review/{$}", s.only(zabano.RoleTeacher, s.askReview))
	mux.HandleFunc("DELETE /api/teacher/documents/{id}/{$}", s.only(zabano.RoleTeacher, s.deleteTeacherDocument))
	mux.HandleFunc("GET /api/teachers/list/{$}", s.authed(s.shared(s.listTeachers, s.markSaved)))
	mux.HandleFunc("GET /api/teachers/{id}/profile/{$}", s.authed(s.teacherPricing))
	mux.HandleFunc("POST /api/teachers/{id}/save/{$}", s.only(zabano.RoleStudent, s.saveTeacher))
	mux.HandleFunc("DELETE /api/teachers/{id}/save/{$}", s.only(zabano.RoleStudent, s.unsaveTeacher))
	mux.HandleFunc("GET /api/student/profile/{$}", s.only(zabano.RoleStudent, s.studentProfile))
	mux.HandleFunc("POST /api/student/profile/{$}", s.only(zabano.RoleStudent, s.updateStudentProfile))
	mux.HandleFunc("POST /api/student/profile/upload-photo/{$}", s.only(zabano.RoleStudent, s.uploadStudentPhoto))
	mux.HandleFunc("POST /api/student/language-level/{$}", s.only(zabano.RoleStudent, s.setStudentLanguage))
	mux.HandleFunc("DELETE /api/student/language-level/{id}/{$}", s.only(zabano.RoleStudent, s.deleteStudentLanguage))
	mux.HandleFunc("GET /api/students/list/{$}", s.only(zabano.RoleTeacher, s.teacherStudents))
	mux.HandleFunc("GET /media/{key...}", s.serveMedia)

	// Wallet and payments (spec section 7). The two payment calls the spec
	// sends to a payment backend are served here, on the same origin.
	mux.HandleFunc("POST /panel-api/api/payment/request/{$}", s.only(zabano.RoleStudent, s.requestPayment))
	mux.HandleFunc("POST /panel-api/api/payment/verify/{$}", s.only(zabano.RoleStudent, s.verifyPayment))
	mux.HandleFunc("POST /api/student/wallet/topup/{$}", s.only(zabano.RoleStudent, s.topUp))
	mux.HandleFunc("GET /api/student/wallet/transactions/{$}", s.only(zabano.RoleStudent, s.walletTransactions))
	mux.HandleFunc("GET /api/teacher/wallet/transactions/{$}", s.only(zabano.RoleTeacher, s.walletTransactions))
	mux.HandleFunc("GET /api/teacher/wallet/summary/{$}", s.only(zabano.RoleTeacher, s.walletSummary))
	mux.HandleFunc("GET /api/teacher/wallet/withdrawals/{$}", s.only(zabano.RoleTeacher, s.withdrawals))
	mux.HandleFunc("POST /api/teacher/wallet/withdrawals/{$}", s.only(zabano.RoleTeacher, s.requestWithdrawal))
	mux.HandleFunc("POST /api/student/wallet/refund/{$}", s.only(zabano.RoleStudent, s.requestRefund))
	mux.HandleFunc("GET /api/student/wallet/refunds/{$}", s.only(zabano.RoleStudent, s.withdrawals))
	if s.Sandbox != nil {
		mux.HandleFunc("GET /sandbox/pay/{authority}", s.sandboxPay)
		mux.HandleFunc("POST /sandbox/pay/{authority}", s.sandboxAnswer)
	}

	// Availability, booking and the life of a class.
	mux.HandleFunc("POST /api/slot/available/{$}", s.only(zabano.RoleTeacher, s.createSlot))
	mux.HandleFunc("POST /api/slot/available/batch/{$}", s.only(zabano.RoleTeacher, s.createSlots))
	mux.HandleFunc("GET /api/slot/available", s.only(zabano.RoleTeacher, s.ownSlots))
	mux.HandleFunc("GET /api/slot/available/{$}", s.only(zabano.RoleTeacher, s.ownSlots))
	mux.HandleFunc("GET /api/slot/teacher/{id}/{$}", s.authed(s.shared(s.teacherSlots, nil)))
	mux.HandleFunc("DELETE /api/available-slot/{id}/delete/{$}", s.only(zabano.RoleTeacher, s.deleteSlot))
	mux.HandleFunc("POST /api/slot/booking/{$}", s.only(zabano.RoleStudent, s.book))
	mux.HandleFunc("POST /api/slot/booking/recurring/{$}", s.only(zabano.RoleStudent, s.bookWeekly))
	mux.HandleFunc("PUT /api/slot/cancel/{id}/{$}", s.only(zabano.RoleStudent, s.changeBooking(s.Bookings.Cancel)))
	mux.HandleFunc("PUT /api/slot/cancel/approve/{$}", s.only(zabano.RoleTeacher, s.decideCancel))
	mux.HandleFunc("PUT /api/slot/teacher-cancel/{id}/{$}", s.only(zabano.RoleTeacher, s.changeBooking(s.Bookings.CancelByTeacher)))
	mux.HandleFunc("PUT /api/slot/done/{id}/{$}", s.authed(s.changeBooking(s.Bookings.MarkDone)))
	mux.HandleFunc("GET /api/slot/lists/student/{$}", s.only(zabano.RoleStudent, s.bookings))
	mux.HandleFunc("GET /api/slot/lists/teacher/{$}", s.only(zabano.RoleTeacher, s.bookings))
	mux.HandleFunc("POST /api/slot/{id}/review/{$}", s.only(zabano.RoleStudent, s.addReview))
	mux.HandleFunc("POST /api/slot/{id}/reschedule/{$}", s.authed(s.proposeReschedule))
	mux.HandleFunc("PUT /api/slot/reschedule/{id}/{$}", s.authed(s.decideReschedule))
	mux.HandleFunc("GET /api/teachers/{id}/reviews/{$}", s.authed(s.shared(s.teacherReviews, nil)))
	mux.HandleFunc("POST /api/reviews/{id}/reply/{$}", s.only(zabano.RoleTeacher, s.replyToReview))
	mux.HandleFunc("POST /api/slot/{id}/problem/{$}", s.authed(s.reportProblem))
	mux.HandleFunc("PUT /api/slot/problem/{id}/{$}", s.authed(s.answerProblem))
	if s.DevClock != nil {
		mux.HandleFunc("POST /api/dev/clock/{$}", s.moveDevClock)
	}

	// Messages, delivered live over server-sent events.
	mux.HandleFunc("GET /api/chats/{$}", s.authed(s.chats))
	mux.HandleFunc("GET /api/chats/{id}/messages/{$}", s.authed(s.messages))
	mux.HandleFunc("POST /api/chats/{id}/read/{$}", s.authed(s.markRead))
	mux.HandleFunc("POST /api/chat/create/{$}", s.authed(s.createChat))
	mux.HandleFunc("POST /api/messages/send/{$}", s.authed(s.sendMessage))
	mux.HandleFunc("GET /api/messages/{id}/attachment/{$}", s.messageAttachment) // signed link, no token
	mux.HandleFunc("GET /api/events/{$}", s.authed(s.events))

	// Notifications (issue 17).
	mux.HandleFunc("GET /api/notifications/{$}", s.authed(s.notifications))
	mux.HandleFunc("POST /api/notifications/{id}/read/{$}", s.authed(s.readNotification))
	mux.HandleFunc("POST /api/notifications/read-all/{$}", s.authed(s.readAllNotifications))
	mux.HandleFunc("GET /api/notifications/preferences/{$}", s.authed(s.notificationPrefs))
	mux.HandleFunc("PUT /api/notifications/preferences/{$}", s.authed(s.setNotificationPrefs))
	mux.HandleFunc("GET /api/admin/deliveries/{$}", s.only(zabano.RoleAdmin, s.adminDeliveries))

	// Email (issue 17): verifying an address, and the unsubscribe links of
	// emails, which need no sign-in (their token is the key).
	mux.HandleFunc("POST /api/account/email/verify/{$}", s.authed(s.verifyEmail))
	mux.HandleFunc("POST /api/account/email/confirm/{$}", s.confirmEmail)
	mux.HandleFunc("POST /api/notifications/unsubscribe/{$}", s.unsubscribe)
	if s.MailOutbox != nil {
		mux.HandleFunc("GET /api/dev/mail-outbox/{$}", s.mailOutbox)
	}

	// Materials, courses, study notes, dashboards and a teacher's students.
	mux.HandleFunc("GET /api/materials/{$}", s.authed(s.materials))
	mux.HandleFunc("POST /api/materials/{$}", s.only(zabano.RoleTeacher, s.createMaterial))
	mux.HandleFunc("PUT /api/materials/{id}/{$}", s.only(zabano.RoleTeacher, s.updateMaterial))
	mux.HandleFunc("DELETE /api/materials/{id}/{$}", s.only(zabano.RoleTeacher, s.deleteMaterial))
	mux.HandleFunc("GET /api/materials/{id}/file/{$}", s.materialFile) // signed link, no token
	mux.HandleFunc("GET /api/courses/{$}", s.authed(s.courses))
	mux.HandleFunc("POST /api/courses/{$}", s.only(zabano.RoleTeacher, s.saveCourse))
	mux.HandleFunc("PUT /api/courses/{id}/{$}", s.only(zabano.RoleTeacher, s.saveCourse))
	mux.HandleFunc("DELETE /api/courses/{id}/{$}", s.only(zabano.RoleTeacher, s.deleteCourse))
	mux.HandleFunc("GET /api/notes/{$}", s.only(zabano.RoleStudent, s.notes))
	mux.HandleFunc("POST /api/notes/{$}", s.only(zabano.RoleStudent, s.saveNote))
	mux.HandleFunc("PUT /api/notes/{id}/{$}", s.only(zabano.RoleStudent, s.saveNote))
	mux.HandleFunc("DELETE /api/notes/{id}/{$}", s.only(zabano.RoleStudent, s.deleteNote))
	mux.HandleFunc("GET /api/student/progress/{$}", s.only(zabano.RoleStudent, s.studentProgress))
	mux.HandleFunc("POST /api/teacher/update-student-level/{$}", s.only(zabano.RoleTeacher, s.setStudentLevel))

	// Calendars (issue 17). A calendar app reads the feed by its secret
	// address, without a token ({file} is <token>.ics).
	mux.HandleFunc("GET /api/calendar/{$}", s.authed(s.calendar))
	mux.HandleFunc("POST /api/calendar/reset/{$}", s.authed(s.resetCalendar))
	mux.HandleFunc("GET /api/calendar/{file}", s.calendarFeed)
	mux.HandleFunc("GET /api/slot/calendar/{id}/{$}", s.authed(s.classCalendar))

	// The operator's console (issue 14).
	mux.HandleFunc("GET /api/admin/log/{$}", s.only(zabano.RoleAdmin, s.operatorLog))
	mux.HandleFunc("GET /api/admin/overview/{$}", s.only(zabano.RoleAdmin, s.overview))
	mux.HandleFunc("GET /api/admin/users/{$}", s.only(zabano.RoleAdmin, s.adminUsers))
	mux.HandleFunc("GET /api/admin/users/{id}/{$}", s.only(zabano.RoleAdmin, s.adminUser))
	mux.HandleFunc("POST /api/admin/users/{id}/suspend/{$}", s.only(zabano.RoleAdmin, s.suspendUser))
	mux.HandleFunc("POST /api/admin/users/{id}/unsuspend/{$}", s.only(zabano.RoleAdmin, s.unsuspendUser))
	mux.HandleFunc("GET /api/admin/teachers/pending/{$}", s.only(zabano.RoleAdmin, s.pendingTeachers))
	mux.HandleFunc("POST /api/admin/teachers/{id}/approve/{$}", s.only(zabano.RoleAdmin, s.approveTeacher))
	mux.HandleFunc("POST /api/admin/teachers/{id}/reject/{$}", s.only(zabano.RoleAdmin, s.rejectTeacher))
	mux.HandleFunc("GET /api/admin/reviews/{$}", s.only(zabano.RoleAdmin, s.adminReviews))
	mux.HandleFunc("POST /api/admin/reviews/{id}/hide/{$}", s.only(zabano.RoleAdmin, s.hideReview))
	mux.HandleFunc("GET /api/admin/audit/{$}", s.only(zabano.RoleAdmin, s.audit))
	mux.HandleFunc("GET /api/admin/withdrawals/{$}", s.only(zabano.RoleAdmin, s.adminWithdrawals))
	mux.HandleFunc("POST /api/admin/withdrawals/{id}/pay/{$}", s.only(zabano.RoleAdmin, s.payWithdrawal))
	mux.HandleFunc("POST /api/admin/withdrawals/{id}/reject/{$}", s.only(zabano.RoleAdmin, s.rejectWithdrawal))
	mux.HandleFunc("GET /api/admin/payments/{$}", s.only(zabano.RoleAdmin, s.adminPayments))
	mux.HandleFunc("POST /api/admin/payments/{authority}/reverify/{$}", s.only(zabano.RoleAdmin, s.reverifyPayment))
	mux.HandleFunc("GET /api/admin/disputes/{$}", s.only(zabano.RoleAdmin, s.disputes))
	mux.HandleFunc("GET /api/admin/disputes/{id}/{$}", s.only(zabano.RoleAdmin, s.dispute))
	mux.HandleFunc("POST /api/admin/disputes/{id}/decide/{$}", s.only(zabano.RoleAdmin, s.decideDispute))
	mux.HandleFunc("POST /api/admin/adjustments/{$}", s.only(zabano.RoleAdmin, s.adjust))
	mux.HandleFunc("GET /api/admin/commission/{$}", s.only(zabano.RoleAdmin, s.commission))
	mux.HandleFunc("PUT /api/admin/commission/{$}", s.only(zabano.RoleAdmin, s.setCommission))

	mux.HandleFunc(apiPrefix, apiNotFound(mux, apiPrefix))
	mux.HandleFunc(paymentPrefix, apiNotFound(mux, paymentPrefix))
	// The web app: any other path is a page of the single-page app.
	mux.Handle("/", s.spa())
}
