// Package generated is a test stub of azqueue's generated models (the
// types azqueue aliases).
package generated

import "time"

// DequeuedMessage - The object returned in the QueueMessageList array when
// calling Get Messages on a Queue.
type DequeuedMessage struct {
	DequeueCount    *int64
	ExpirationTime  *time.Time
	InsertionTime   *time.Time
	MessageID       *string
	MessageText     *string
	PopReceipt      *string
	TimeNextVisible *time.Time
}

// MessagesClientDequeueResponse contains the response from method MessagesClient.Dequeue.
type MessagesClientDequeueResponse struct {
	Date      *time.Time
	Messages  []*DequeuedMessage
	RequestID *string
	Version   *string
}

// MessagesClientEnqueueResponse contains the response from method MessagesClient.Enqueue.
type MessagesClientEnqueueResponse struct{}

// MessageIDClientDeleteResponse contains the response from method MessageIDClient.Delete.
type MessageIDClientDeleteResponse struct{}

// MessageIDClientUpdateResponse contains the response from method MessageIDClient.Update.
type MessageIDClientUpdateResponse struct{}
