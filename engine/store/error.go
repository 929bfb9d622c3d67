package store

import (
	"errors"
	"fmt"
	"net/http"
)

// The Table service's error codes that the engine answers.
const (
	CodeInvalidInput                = "InvalidInput"
	CodeOutOfRangeInput             = "OutOfRangeInput"
	CodePropertyValueTooLarge       = "PropertyValueTooLarge"
	CodeEntityTooLarge              = "EntityTooLarge"
	CodeTooManyProperties           = "TooManyProperties"
	CodePropertyNameInvalid         = "PropertyNameInvalid"
	CodePropertyNameTooLong         = "PropertyNameTooLong"
	CodeEntityAlreadyExists         = "EntityAlreadyExists"
	CodeResourceNotFound            = "ResourceNotFound"
	CodeUpdateConditionNotSatisfied = "UpdateConditionNotSatisfied"
	CodeTableNotFound               = "TableNotFound"
	CodeTableAlreadyExists          = "TableAlreadyExists"
	CodeTableBeingDeleted           = "TableBeingDeleted"
	CodeInvalidResourceName         = "InvalidResourceName"
	CodeDifferentPartitions         = "CommandsInBatchActOnDifferentPartitions"
	CodeInvalidDuplicateRow         = "InvalidDuplicateRow"
	CodeRequestBodyTooLarge         = "RequestBodyTooLarge"
)

// Error is a failed operation as the service reports it: an HTTP status,
// an error code and a message. In a transaction, Index is the position of
// the failing action (the service puts it in front of the message); it is
// -1 outside transactions and for failures of the transaction as a whole.
type Error struct {
	Status  int
	Code    string
	Message string
	Index   int
}

func (e *Error) Error() string {
	if e.Index >= 0 {
		return fmt.Sprintf("%d %s: %d:%s", e.Status, e.Code, e.Index, e.Message)
	}
	return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message)
}

func newError(status int, code, format string, a ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, a...), Index: -1}
}

func badRequest(code, format string, a ...any) *Error {
	return newError(http.StatusBadRequest, code, format, a...)
}

// Op is an operation kind, for StatusOf.
type Op uint8

// The operations.
const (
	OpInsert Op = iota + 1
	OpUpdate
	OpUpsert
	OpDelete
	OpGet
	OpQuery
	OpTransact
	OpCreateTable
	OpDeleteTable
)

// StatusOf returns the HTTP status the service answers for an operation
// that ended with err: the error's status, or the success status of op
// (201 for insert and create table, 202 for a transaction, 200 for get
// and query, 204 otherwise). An error that is not an *Error is 500.
func StatusOf(op Op, err error) int {
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return e.Status
		}
		return http.StatusInternalServerError
	}
	switch op {
	case OpInsert, OpCreateTable:
		return http.StatusCreated
	case OpTransact:
		return http.StatusAccepted
	case OpGet, OpQuery:
		return http.StatusOK
	}
	return http.StatusNoContent
}
