// Package generated is a test stub of azqueue/v2's generated models.
package generated

// DequeuedMessage - The object returned in the QueueMessageList array when
// calling Get Messages on a Queue.
type DequeuedMessage struct {
	DequeueCount *int64
	MessageID    *string
	MessageText  *string
	PopReceipt   *string
}

// MessagesClientDequeueResponse contains the response from method MessagesClient.Dequeue.
type MessagesClientDequeueResponse struct {
	Messages []*DequeuedMessage
}
