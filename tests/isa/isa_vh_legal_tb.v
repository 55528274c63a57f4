// Checks the generated npu_isa_legal() against the assembler's decoder: each
// vector is {word, expected} from isa_legal_vectors. Plusarg +vectors=FILE, +n=N.
`default_nettype none
module isa_vh_legal_tb;
`include "npu_isa.vh"
    localparam integer MAXN = 400000;
    reg [63:0] vec [0:MAXN-1];
    reg [8*512-1:0] path;
    integer n, i, errors, legal;
    initial begin
        if (!$value$plusargs("vectors=%s", path)) $fatal(1, "need +vectors=FILE");
        if (!$value$plusargs("n=%d", n)) n = MAXN;
        $readmemh(path, vec, 0, n - 1);
        errors = 0;
        legal = 0;
        for (i = 0; i < n; i = i + 1) begin
            if (npu_isa_legal(vec[i][63:32]) !== vec[i][0]) begin
                errors = errors + 1;
                if (errors <= 10)
                    $display("MISMATCH word %08x: verilog %0d, assembler %0d", vec[i][63:32],
                             npu_isa_legal(vec[i][63:32]), vec[i][0]);
            end
            legal = legal + {31'd0, vec[i][0]};
        end
        if (errors != 0) $fatal(1, "%0d mismatches", errors);
        $display("PASS: %0d words (%0d legal) agree", n, legal);
        $finish;
    end
endmodule
