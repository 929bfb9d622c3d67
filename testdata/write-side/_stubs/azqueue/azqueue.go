// Package azqueue is a stub of the azqueue v1.0.1 API used by the corpus:
// the same names and signatures, no behaviour.
package azqueue

import (
	"context"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
)

// ClientOptions configures a queue client.
type ClientOptions struct {
	azcore.ClientOptions
}

// QueueClient sends requests to one queue.
type QueueClient struct{}

// NewQueueClient creates a client with a token credential.
func NewQueueClient(queueURL string, cred azcore.TokenCredential, options *ClientOptions) (*QueueClient, error) {
	return &QueueClient{}, nil
}

// NewQueueClientFromConnectionString creates a client from a connection string.
func NewQueueClientFromConnectionString(connectionString string, queueName string, options *ClientOptions) (*QueueClient, error) {
	return &QueueClient{}, nil
}

// DequeueMessagesOptions are the options of DequeueMessages.
type DequeueMessagesOptions struct {
	NumberOfMessages  *int32
	VisibilityTimeout *int32
}

// DequeuedMessage is one message.
type DequeuedMessage struct {
	DequeueCount    *int64
	ExpirationTime  *time.Time
	InsertionTime   *time.Time
	MessageID       *string
	MessageText     *string
	PopReceipt      *string
	TimeNextVisible *time.Time
}

// DequeueMessagesResponse is the response of DequeueMessages.
type DequeueMessagesResponse struct {
	Messages []*DequeuedMessage
}

// DeleteMessageOptions are the options of DeleteMessage.
type DeleteMessageOptions struct{}

// DeleteMessageResponse is the response of DeleteMessage.
type DeleteMessageResponse struct{}

// EnqueueMessageOptions are the options of EnqueueMessage.
type EnqueueMessageOptions struct{}

// EnqueueMessagesResponse is the response of EnqueueMessage.
type EnqueueMessagesResponse struct{}

// DequeueMessages receives messages.
func (q *QueueClient) DequeueMessages(ctx context.Context, o *DequeueMessagesOptions) (DequeueMessagesResponse, error) {
	return DequeueMessagesResponse{}, nil
}

// DeleteMessage deletes a message.
func (q *QueueClient) DeleteMessage(ctx context.Context, messageID string, popReceipt string, o *DeleteMessageOptions) (DeleteMessageResponse, error) {
	return DeleteMessageResponse{}, nil
}

// EnqueueMessage sends a message.
func (q *QueueClient) EnqueueMessage(ctx context.Context, content string, o *EnqueueMessageOptions) (EnqueueMessagesResponse, error) {
	return EnqueueMessagesResponse{}, nil
}
