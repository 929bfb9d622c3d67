// Package azqueue is a test stub of the Azure Queue Storage client, major
// version 2 (github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue/v2
// v2.1.2): signatures only.
package azqueue

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue/v2/internal/generated"
)

// QueueClient represents a URL to an Azure Queue.
type QueueClient struct{}

func (q *QueueClient) DequeueMessages(ctx context.Context, o *DequeueMessagesOptions) (DequeueMessagesResponse, error) {
	return DequeueMessagesResponse{}, nil
}

// DequeuedMessage - dequeued message
type DequeuedMessage = generated.DequeuedMessage

type DequeueMessagesOptions struct {
	NumberOfMessages  *int32
	VisibilityTimeout *int32
}

type DequeueMessagesResponse = generated.MessagesClientDequeueResponse
