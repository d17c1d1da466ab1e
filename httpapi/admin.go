package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/zabano/zabano"
)

// adminPageSize caps the rows of an operator's list; older ones come with ?before=.
const adminPageSize = 200

// userSummaryJSON is a user as the operator's console names them in its rows.
type userSummaryJSON struct {
	ID       int64       `json:"id"`
	Username string      `json:"username"`
	Role     zabano.Role `json:"role"`
	Name     string      `json:"name"`
	Phone    string      `json:"phone"`
	Photo    *string     `json:"photo"`
}

func (s *Server) userSummaryOf(u *zabano.User) userSummaryJSON {
	return userSummaryJSON{ID: u.ID, Username: u.Username, Role: u.Role, Name: u.DisplayName(), Phone: u.Phone, Photo: s.mediaURL(u.Photo)}
}

// operatorActionJSON is a row of the operator log.
type operatorActionJSON struct {
	ID         int64             `json:"id"`
	Admin      userSummaryJSON   `json:"admin"`
	Action     zabano.Action     `json:"action"`
	ObjectType zabano.ObjectType `json:"object_type"`
	ObjectID   int64             `json:"object_id"`
	Reason     string            `json:"reason"`
	CreatedAt  time.Time         `json:"created_at"`
}

// operatorLog is GET /api/admin/log/: the operator log, newest first.
func (s *Server) operatorLog(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	before, err := beforeCursor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	list, err := s.Operators.OperatorLog(r.Context(), before, adminPageSize)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]operatorActionJSON, len(list))
	for i, a := range list {
		out[i] = operatorActionJSON{
			ID: a.ID, Action: a.Action, ObjectType: a.ObjectType, ObjectID: a.ObjectID, Reason: a.Reason, CreatedAt: a.CreatedAt,
			Admin: userSummaryJSON{ID: a.AdminID, Username: a.AdminUsername, Role: zabano.RoleAdmin, Name: a.AdminUsername},
		}
	}
	encode(w, http.StatusOK, out)
}

var msgBeforeInvalid = zabano.Msg{En: "before must be a row's id.", Fa: "before باید شناسهٔ یک ردیف باشد."}

// beforeCursor reads ?before=, the id below which an operator's list goes
// on; 0 when absent.
func beforeCursor(r *http.Request) (int64, error) {
	s := r.URL.Query().Get("before")
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, zabano.FieldError("before", msgBeforeInvalid)
	}
	return n, nil
}
