// Package azqueue is a test stub of the Azure Queue Storage client
// (github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue v1.0.1):
// signatures only.
package azqueue

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue/internal/generated"
)

// ClientOptions contains the optional parameters when creating a client.
type ClientOptions struct{ azcore.ClientOptions }

// ServiceClient represents a URL to the Azure Queue Storage service.
type ServiceClient struct{}

// QueueClient represents a URL to an Azure Queue.
type QueueClient struct{}

func NewServiceClient(serviceURL string, cred azcore.TokenCredential, options *ClientOptions) (*ServiceClient, error) {
	return nil, nil
}
func NewServiceClientFromConnectionString(connectionString string, options *ClientOptions) (*ServiceClient, error) {
	return nil, nil
}
func (s *ServiceClient) NewQueueClient(queueName string) *QueueClient { return nil }

func NewQueueClient(queueURL string, cred azcore.TokenCredential, options *ClientOptions) (*QueueClient, error) {
	return nil, nil
}
func NewQueueClientFromConnectionString(connectionString string, queueName string, options *ClientOptions) (*QueueClient, error) {
	return nil, nil
}

func (q *QueueClient) EnqueueMessage(ctx context.Context, content string, o *EnqueueMessageOptions) (EnqueueMessagesResponse, error) {
	return EnqueueMessagesResponse{}, nil
}
func (q *QueueClient) DequeueMessage(ctx context.Context, o *DequeueMessageOptions) (DequeueMessagesResponse, error) {
	return DequeueMessagesResponse{}, nil
}
func (q *QueueClient) DequeueMessages(ctx context.Context, o *DequeueMessagesOptions) (DequeueMessagesResponse, error) {
	return DequeueMessagesResponse{}, nil
}
func (q *QueueClient) UpdateMessage(ctx context.Context, messageID string, popReceipt string, content string, o *UpdateMessageOptions) (UpdateMessageResponse, error) {
	return UpdateMessageResponse{}, nil
}
func (q *QueueClient) DeleteMessage(ctx context.Context, messageID string, popReceipt string, o *DeleteMessageOptions) (DeleteMessageResponse, error) {
	return DeleteMessageResponse{}, nil
}

// DequeuedMessage - dequeued message
type DequeuedMessage = generated.DequeuedMessage

type EnqueueMessageOptions struct {
	TimeToLive        *int32
	VisibilityTimeout *int32
}
type DequeueMessageOptions struct{ VisibilityTimeout *int32 }
type DequeueMessagesOptions struct {
	NumberOfMessages  *int32
	VisibilityTimeout *int32
}
type UpdateMessageOptions struct{ VisibilityTimeout *int32 }
type DeleteMessageOptions struct{}

type EnqueueMessagesResponse = generated.MessagesClientEnqueueResponse
type DequeueMessagesResponse = generated.MessagesClientDequeueResponse
type UpdateMessageResponse = generated.MessageIDClientUpdateResponse
type DeleteMessageResponse = generated.MessageIDClientDeleteResponse
