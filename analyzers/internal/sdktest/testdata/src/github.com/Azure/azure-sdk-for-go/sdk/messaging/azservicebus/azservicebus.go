// Package azservicebus is a test stub of the Azure Service Bus client
// (github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus v1.10.0):
// signatures only.
package azservicebus

import (
	"context"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
)

type ClientOptions struct{}
type ReceiverOptions struct{}
type ReceiveMessagesOptions struct{ TimeAfterFirstMessage time.Duration }
type CompleteMessageOptions struct{}
type AbandonMessageOptions struct{}

// Client provides methods to create Sender and Receiver instances.
type Client struct{}

// Receiver receives messages using pull based functions (ReceiveMessages).
type Receiver struct{}

// ReceivedMessage is a received message from a Client.NewReceiver().
type ReceivedMessage struct {
	ApplicationProperties map[string]any
	Body                  []byte
	DeliveryCount         uint32
	MessageID             string
}

func NewClient(fullyQualifiedNamespace string, credential azcore.TokenCredential, options *ClientOptions) (*Client, error) {
	return nil, nil
}
func NewClientFromConnectionString(connectionString string, options *ClientOptions) (*Client, error) {
	return nil, nil
}
func (client *Client) NewReceiverForQueue(queueName string, options *ReceiverOptions) (*Receiver, error) {
	return nil, nil
}
func (r *Receiver) ReceiveMessages(ctx context.Context, maxMessages int, options *ReceiveMessagesOptions) ([]*ReceivedMessage, error) {
	return nil, nil
}
func (r *Receiver) CompleteMessage(ctx context.Context, message *ReceivedMessage, options *CompleteMessageOptions) error {
	return nil
}
func (r *Receiver) AbandonMessage(ctx context.Context, message *ReceivedMessage, options *AbandonMessageOptions) error {
	return nil
}
