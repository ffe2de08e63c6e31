// Golden-image assertions; see GoldenAssertion.swift.
