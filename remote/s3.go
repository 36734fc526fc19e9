package remote

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	smithyhttp "github.com/aws/smithy-go/transport/http"
)

// s3 returns the Opener's S3 client, made on first use so that runs
// without s3:// inputs never load the AWS configuration.
func (o *Opener) s3() (*s3.Client, error) {
	o.s3once.Do(func() {
		// The SDK's own HTTP client, so that it can apply AWS_CA_BUNDLE.
		cfg, err := config.LoadDefaultConfig(context.Background(),
			// Reader retries and resumes itself; SDK retries would multiply
			// the attempts and hide the failures from OnRetry.
			config.WithRetryer(func() aws.Retryer { return aws.NopRetryer{} }))
		if err != nil {
			o.s3err = fmt.Errorf("loading the AWS configuration: %w", err)
			return
		}
		if cfg.Region == "" {
			// Any region signs requests to a custom endpoint, and S3 redirects
			// from us-east-1.
			cfg.Region = "us-east-1"
		}
		o.s3client = s3.NewFromConfig(cfg, func(so *s3.Options) {
			if o.o.S3Endpoint != "" {
				so.BaseEndpoint = aws.String(o.o.S3Endpoint)
			}
			so.UsePathStyle = o.o.S3PathStyle
			// Objects uploaded in parts have no whole-object checksum: saying
			// so on stderr for each of them is noise.
			so.DisableLogOutputChecksumValidationSkipped = true
		})
	})
	return o.s3client, o.s3err
}

// s3Source fetches an object with GetObject, from an offset with a Range.
type s3Source struct {
	client      *s3.Client
	bucket, key string
}

func (s s3Source) fetch(ctx context.Context, off int64) (response, error) {
	in := &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(s.key)}
	if off > 0 {
		in.Range = aws.String(fmt.Sprintf("bytes=%d-", off))
	}
	out, err := s.client.GetObject(ctx, in)
	if err != nil {
		return response{}, classifyS3(err)
	}
	got := response{body: out.Body, size: -1, etag: aws.ToString(out.ETag)}
	if out.LastModified != nil {
		got.modified = out.LastModified.Format(time.RFC3339)
	}
	if cr := aws.ToString(out.ContentRange); cr != "" {
		start, total, ok := parseContentRange(cr)
		if !ok {
			out.Body.Close()
			return response{}, permanent{fmt.Errorf("GetObject answered with Content-Range %q", cr)}
		}
		got.start, got.size = start, total
	} else if out.ContentLength != nil {
		got.size = *out.ContentLength
	}
	return got, nil
}

// classifyS3 tells a GetObject error that a retry may mend (no answer,
// or a retryable status) from one it cannot (no such key, access denied,
// no credentials).
func classifyS3(err error) error {
	var status interface{ HTTPStatusCode() int }
	if errors.As(err, &status) {
		code := status.HTTPStatusCode()
		if retryable(code) {
			return err
		}
		if code == http.StatusNotFound {
			return permanent{fmt.Errorf("no such object: %w", err)}
		}
		return permanent{err}
	}
	var send *smithyhttp.RequestSendError
	if errors.As(err, &send) {
		return err
	}
	return permanent{err}
}
