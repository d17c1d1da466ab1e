package zabano

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ExportsPerHour caps the archives of their data one user downloads in an
// hour: each reads everything they have, files too.
const ExportsPerHour = 3

// ExportFile is a JSON file of the archive of a user's data.
type ExportFile struct {
	Name string
	// Role is the role whose archives hold the file; "" for everyone's.
	Role Role
	// Single marks a file of one JSON object; the others are arrays of rows.
	Single bool
	// About says what the file holds, for the archive's README.
	About Msg
}

// ExportFiles are the JSON files of an archive, in the order they are written.
var ExportFiles = []ExportFile{
	{Name: "profile.json", Single: true, About: Msg{
		"Your account: username, names, email, phone, bio, photo, level and when you joined.",
		"حساب شما: نام کاربری، نام‌ها، ایمیل، موبایل، معرفی، عکس، سطح و تاریخ عضویت."}},
	{Name: "teacher_profile.json", Role: RoleTeacher, Single: true, About: Msg{
		"Your teacher profile: prices, intro video, experience, education, certificates, teaching style and time zone.",
		"پروفایل استادی شما: قیمت‌ها، ویدیوی معرفی، سابقه، تحصیلات، گواهی‌ها، روش تدریس و منطقهٔ زمانی."}},
	{Name: "teacher_levels.json", Role: RoleTeacher, About: Msg{
		"The languages and levels you teach and their prices, past ones too (active: false).",
		"زبان‌ها و سطح‌هایی که تدریس می‌کنید و قیمت آن‌ها، از جمله موارد قبلی (active: false)."}},
	{Name: "teacher_documents.json", Role: RoleTeacher, About: Msg{
		"Your documents (CV, certificates): their names and files.",
		"مدارک شما (رزومه، گواهی‌ها): نام و فایل آن‌ها."}},
	{Name: "teacher_slots.json", Role: RoleTeacher, About: Msg{
		"The class times you opened, booked or free.",
		"زمان‌های کلاسی که باز کرده‌اید، رزروشده یا آزاد."}},
	{Name: "student_languages.json", Role: RoleStudent, About: Msg{
		"The languages you learn and your level in each.",
		"زبان‌هایی که یاد می‌گیرید و سطح شما در هر کدام."}},
	{Name: "study_notes.json", Role: RoleStudent, About: Msg{
		"Your study notes.",
		"یادداشت‌های درسی شما."}},
	{Name: "classes.json", About: Msg{
		"Your classes: when, with whom (their name only), language, level, price, status, room link and notes.",
		"کلاس‌های شما: زمان، طرف مقابل (فقط نام او)، زبان، سطح، قیمت، وضعیت، پیوند کلاس و یادداشت‌ها."}},
	{Name: "saved_teachers.json", Role: RoleStudent, About: Msg{
		"The teachers you saved (the heart on their card), by name, and when you saved them.",
		"استادانی که ذخیره کرده‌اید (قلب روی کارتشان)، با نامشان و زمان ذخیره."}},
	{Name: "reviews_written.json", Role: RoleStudent, About: Msg{
		"The reviews you wrote of your classes, and the teachers' replies.",
		"نظرهایی که دربارهٔ کلاس‌هایتان نوشته‌اید و پاسخ استادان."}},
	{Name: "reviews_received.json", Role: RoleTeacher, About: Msg{
		"The reviews your students wrote of your classes, and your replies.",
		"نظرهای زبان‌آموزان دربارهٔ کلاس‌های شما و پاسخ‌های شما."}},
	{Name: "problem_reports.json", About: Msg{
		"The problems reported with your classes, by you or the other side, and how they were settled.",
		"مشکل‌های گزارش‌شده دربارهٔ کلاس‌های شما، از سوی شما یا طرف مقابل، و نتیجهٔ آن‌ها."}},
	{Name: "wallet_transactions.json", About: Msg{
		"Every movement of your money: wallet, money held for classes (escrow) and withdrawals on their way.",
		"همهٔ جابه‌جایی‌های پول شما: کیف پول، مبلغ نگه‌داشته‌شده برای کلاس‌ها و برداشت‌های در راه."}},
	{Name: "withdrawals.json", About: Msg{
		"Your requests to be paid to your bank account (IBAN), and their state.",
		"درخواست‌های واریز به حساب بانکی (شبا) شما و وضعیت آن‌ها."}},
	{Name: "payments.json", About: Msg{
		"Your card payments to top up your wallet.",
		"پرداخت‌های کارتی شما برای شارژ کیف پول."}},
	{Name: "chats.json", About: Msg{
		"Your conversations: with whom (their name only) and since when.",
		"گفت‌وگوهای شما: با چه کسی (فقط نام او) و از چه زمانی."}},
	{Name: "messages.json", About: Msg{
		`The messages of your conversations, by chat_id; "me" marks yours, attachment_name a file sent with one (yours are in files/attachments/).`,
		`پیام‌های گفت‌وگوهای شما بر اساس chat_id؛ پیام‌های شما با "me" مشخص شده‌اند و attachment_name نام فایلی است که همراه پیام فرستاده شده (فایل‌های شما در files/attachments/).`}},
	{Name: "notifications.json", About: Msg{
		"What Zabano told you or will remind you of: each notification's kind, what it is about, its data, when it was due and when you read it.",
		"آنچه زبانو به شما خبر داده یا یادآوری خواهد کرد: نوع هر اعلان، موضوع آن، داده‌هایش، زمان آن و زمان خواندنش."}},
	{Name: "notification_preferences.json", Single: true, About: Msg{
		"Your notification choices: the kinds you turned off by SMS or email (off), quiet hours in minutes after midnight, time zone and language; empty while you keep the defaults.",
		"انتخاب‌های اعلان شما: نوع‌هایی که پیامک یا ایمیلشان را خاموش کرده‌اید (off)، ساعت‌های سکوت به دقیقه از نیمه‌شب، منطقهٔ زمانی و زبان؛ تا وقتی پیش‌فرض‌ها را نگه دارید خالی است."}},
	{Name: "materials.json", Role: RoleTeacher, About: Msg{
		"The materials you shared with your students.",
		"منابع آموزشی که با زبان‌آموزانتان به اشتراک گذاشته‌اید."}},
	{Name: "courses.json", Role: RoleTeacher, About: Msg{
		"Your courses and their weekly times.",
		"دوره‌های شما و زمان‌های هفتگی آن‌ها."}},
}

// ExportFilesOf are the JSON files of the archive of a user of role.
func ExportFilesOf(role Role) []ExportFile {
	var out []ExportFile
	for _, f := range ExportFiles {
		if f.Role == "" || f.Role == role {
			out = append(out, f)
		}
	}
	return out
}

// ExportFilesDir is the folder of the archive that holds the user's uploaded
// files, each under its media key (photos/..., documents/...).
const ExportFilesDir = "files/"

var (
	msgReadmeTitle = Msg{"Zabano: the data of %s, as of %s", "زبانو: داده‌های %s، در %s"}
	msgReadmeFiles = Msg{
		"The files you uploaded (photo, intro video, documents, material files), each under the name the JSON files give it.",
		"فایل‌هایی که بارگذاری کرده‌اید (عکس، ویدیوی معرفی، مدارک، فایل منابع)، هر یک با همان نامی که در فایل‌های JSON آمده است."}
	msgReadmeNotes = Msg{
		"Times are UTC (RFC 3339); amounts are whole Toman. Other people appear by their name only.",
		"زمان‌ها به وقت UTC (RFC 3339) و مبلغ‌ها به تومان است. دیگران فقط با نامشان آمده‌اند."}
)

// ExportReadme is the README.txt of u's archive made at now: what each of
// its files is, in English and then in Persian.
func ExportReadme(u *User, now time.Time) string {
	var b strings.Builder
	for _, lang := range []string{"en", "fa"} {
		// Not Msgf: the username and the time stay as they are written.
		b.WriteString(fmt.Sprintf(msgReadmeTitle.In(lang), u.Username, now.UTC().Format(time.RFC3339)) + "\n\n")
		for _, f := range ExportFilesOf(u.Role) {
			b.WriteString(f.Name + ": " + f.About.In(lang) + "\n")
		}
		b.WriteString(ExportFilesDir + ": " + msgReadmeFiles.In(lang) + "\n\n")
		b.WriteString(msgReadmeNotes.In(lang) + "\n\n")
	}
	return b.String()
}

// ExportField is a named value of an exported row.
type ExportField struct {
	Name  string
	Value any
}

// ExportRow is one row of an exported file: a JSON object whose keys keep
// their order.
type ExportRow []ExportField

// MarshalJSON writes r as an object, its fields in order.
func (r ExportRow) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range r {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(f.Name)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.Value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// ExportSink receives the archive of a user's data as the store reads it,
// a file at a time, so that no file is ever held whole.
type ExportSink interface {
	// File begins f: the rows that follow, until the next file, are its.
	File(f ExportFile) error
	Row(r ExportRow) error
}

// AccountHolds is what keeps a user from deleting their account: classes
// and money that are not settled yet.
type AccountHolds struct {
	// Classes are booked or waiting for a cancellation, ahead or ended but
	// not yet paid to the teacher.
	Classes int
	// Reports are problem reports on the user's classes that are open or
	// waiting for an operator's decision.
	Reports int
	// Payments are top-ups waiting for the gateway's answer.
	Payments int
	// Wallet, Escrow and Withdrawals are the user's balances: spendable,
	// held for classes, and on its way to their bank account.
	Wallet, Escrow, Withdrawals int64
}

var (
	msgHoldsIntro   = Msg{"Your account cannot be deleted yet.", "هنوز نمی‌توانید حساب خود را حذف کنید."}
	msgHoldsClasses = Msg{
		"You have classes that are ahead or not settled yet: cancel them, or wait until they are done and paid.",
		"کلاس‌هایی دارید که پیش رو هستند یا هنوز تسویه نشده‌اند: آن‌ها را لغو کنید یا صبر کنید تا برگزار و تسویه شوند."}
	msgHoldsReports = Msg{
		"A problem report on one of your classes is open or waiting for an operator's decision.",
		"گزارش مشکلی دربارهٔ یکی از کلاس‌های شما باز است یا در انتظار تصمیم پشتیبانی است."}
	msgHoldsPayments = Msg{
		"A top-up of yours is still waiting for the bank's answer: try again in half an hour.",
		"یکی از شارژهای شما هنوز در انتظار پاسخ بانک است: نیم ساعت دیگر دوباره تلاش کنید."}
	msgHoldsEscrow = Msg{
		"%s Toman of yours is still held for your classes.",
		"%s تومان از پول شما هنوز برای کلاس‌هایتان نگه داشته شده است."}
	msgHoldsStudentWallet = Msg{
		"Your wallet holds %s Toman: in your wallet, ask for a refund of it to your bank account (IBAN), and delete your account once it is paid.",
		"کیف پول شما %s تومان موجودی دارد: در کیف پول، بازپرداخت آن را به حساب بانکی (شبا) خود درخواست کنید و پس از واریز، حساب را حذف کنید."}
	msgHoldsTeacherWallet = Msg{
		"Your wallet holds %s Toman: withdraw it to your bank account first (for less than %s Toman, write to support).",
		"کیف پول شما %s تومان موجودی دارد: ابتدا آن را به حساب بانکی خود برداشت کنید (برای کمتر از %s تومان به پشتیبانی پیام دهید)."}
	msgHoldsWithdrawals = Msg{
		"%s Toman is on its way to your bank account: wait until it is paid.",
		"%s تومان در راه حساب بانکی شماست: صبر کنید تا واریز شود."}
)

// Err is the ECONFLICT error that tells a user of role every reason their
// account cannot be deleted yet, or nil when nothing holds it.
func (h AccountHolds) Err(role Role) error {
	var reasons []Msg
	if h.Classes > 0 {
		reasons = append(reasons, msgHoldsClasses)
	}
	if h.Reports > 0 {
		reasons = append(reasons, msgHoldsReports)
	}
	if h.Escrow > 0 && h.Classes == 0 && h.Reports == 0 {
		reasons = append(reasons, Msgf(msgHoldsEscrow, Tomans(h.Escrow)))
	}
	if h.Payments > 0 {
		reasons = append(reasons, msgHoldsPayments)
	}
	switch {
	case h.Wallet > 0 && role == RoleTeacher:
		reasons = append(reasons, Msgf(msgHoldsTeacherWallet, Tomans(h.Wallet), Tomans(MinWithdrawal)))
	case h.Wallet > 0:
		reasons = append(reasons, Msgf(msgHoldsStudentWallet, Tomans(h.Wallet)))
	}
	if h.Withdrawals > 0 {
		reasons = append(reasons, Msgf(msgHoldsWithdrawals, Tomans(h.Withdrawals)))
	}
	if len(reasons) == 0 {
		return nil
	}
	m := msgHoldsIntro
	for _, r := range reasons {
		m.En += " " + r.En
		m.Fa += " " + r.Fa
	}
	return &Error{Code: ECONFLICT, Message: m}
}

// DeletedName is the username and the phone of the deleted account id: its
// own, so both stay unique, and neither a valid username nor a phone, so
// nobody can register it, while the old ones are free for new accounts.
func DeletedName(id int64) string { return "deleted:" + strconv.FormatInt(id, 10) }

// MsgDeletedUser is how a deleted user is shown to the people they had
// classes and chats with.
var MsgDeletedUser = Msg{"deleted user", "کاربر حذف‌شده"}

// Deleted reports whether u deleted their account.
func (u *User) Deleted() bool { return !u.DeletedAt.IsZero() }

var (
	msgExportsTooMany = Msg{
		"You can download your data %d times an hour. Please try again in %d minutes.",
		"هر ساعت %d بار می‌توانید داده‌هایتان را دریافت کنید. لطفاً %d دقیقهٔ دیگر دوباره تلاش کنید.",
	}
	msgDeletePassword = Msg{"The password is wrong.", "رمز عبور نادرست است."}
)

// Export writes the archive of u's data to sink, counted against
// ExportsPerHour, and returns the media keys of their stored files, which
// the archive holds too.
func (a *Accounts) Export(ctx context.Context, u *User, sink ExportSink) ([]string, error) {
	err := a.Limiter.Take(ctx, "export:"+strconv.FormatInt(u.ID, 10), ExportsPerHour, time.Hour)
	var e *Error
	if errors.As(err, &e) && e.Code == ETOOMANY {
		e.Message = Msgf(msgExportsTooMany, ExportsPerHour, int((e.RetryAfter+time.Minute-1)/time.Minute))
	}
	if err != nil {
		return nil, err
	}
	return a.Users.ExportAccount(ctx, u.ID, sink)
}

// DeleteAccount deletes u's account once password checks out and nothing
// holds it (AccountHolds), and returns the media keys of their stored files,
// for the caller to delete now that nothing points to them. Wrong passwords
// count with the password change's, so a stolen session cannot guess more;
// a right one gives its try back, as the account may be refused for now.
func (a *Accounts) DeleteAccount(ctx context.Context, u *User, password string) ([]string, error) {
	if password == "" {
		return nil, FieldError("password", msgPasswordRequired)
	}
	key := passwordTries(u)
	if err := a.Limiter.Take(ctx, key, a.PasswordChangesPerUser, LoginWindow); err != nil {
		return nil, err
	}
	if !CheckPassword(u.PasswordHash, password) {
		return nil, FieldError("password", msgDeletePassword)
	}
	if err := a.Limiter.Return(ctx, key); err != nil {
		return nil, err
	}
	return a.Users.DeleteAccount(ctx, u.ID)
}
