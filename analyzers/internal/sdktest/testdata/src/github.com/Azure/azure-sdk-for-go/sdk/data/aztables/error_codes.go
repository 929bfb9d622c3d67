package aztables

// TableErrorCode is the error code returned by the service on failed operations.
type TableErrorCode string

const (
	EntityAlreadyExists         TableErrorCode = "EntityAlreadyExists"
	EntityNotFound              TableErrorCode = "EntityNotFound"
	ResourceNotFound            TableErrorCode = "ResourceNotFound"
	UpdateConditionNotSatisfied TableErrorCode = "UpdateConditionNotSatisfied"
)
