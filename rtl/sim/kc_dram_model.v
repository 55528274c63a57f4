// kc_dram_model — the harness DRAM model (harness/kc_dram.c) in Verilog, for
// running an accelerator's RTL in an event-driven simulator (Icarus, VCS,
// Questa, Xcelium) with exactly the cycles of the Verilated harness.
//
// Why this lives in rtl/sim/ and not in tests/: every accelerator talks to the
// same kc_bus port (harness/kc_bus.h), and a hardware team reproducing a
// KernelCraft cycle count in its own simulator needs this timing model, not a
// test fixture. It is simulation-only (plusargs, $readmemh, error reports), not
// synthesizable: nothing under rtl/sim/ is part of a design.
//
// Timing, as harness/kc_dram.c (one kc_dram_drive + kc_dram_commit per cycle):
//   - bandwidth: a token bucket in bytes. req_ready when the bucket holds a whole
//     beat; an accepted beat (read or write) costs BEAT tokens; every cycle adds
//     BW tokens; the bucket starts at BEAT and is capped at BEAT + BW;
//   - latency: a read accepted at the edge of cycle c captures its data at that
//     edge and is delivered (resp_valid) during cycle c + LAT, in order;
//   - writes update memory at the edge where they are accepted (byte enables).
// Cycle 0 is the first cycle with rst low. LAT and BW are run-time values (the
// testbench reads them from plusargs), as the C model's configuration.
//
// The memory holds the first NBEATS beats of DRAM (the image the testbench
// loads); an access beyond them, or a misaligned one, sets `error` and is
// reported: the C model's image is larger (sentinel-filled), so such an access
// could not be reproduced here and must not pass silently.
`default_nettype none

module kc_dram_model #(
    parameter integer BEAT     = 32,        // bytes per beat (the port width)
    parameter integer MAXBEATS = 1 << 16,   // memory array size, beats
    parameter integer MAXLAT   = 4096       // largest latency the ring supports
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [31:0]       lat,          // cycles, 1..MAXLAT
    input  wire [31:0]       bw,           // bytes per cycle, >= 1
    input  wire [31:0]       nbeats,       // beats of the loaded image, <= MAXBEATS
    input  wire              req_valid,
    output wire              req_ready,
    input  wire              req_write,
    input  wire [31:0]       req_addr,
    input  wire [BEAT*8-1:0] req_wdata,
    input  wire [BEAT-1:0]   req_wstrb,
    output wire              resp_valid,
    output wire [BEAT*8-1:0] resp_rdata,
    output reg               error
);
    localparam integer LB = $clog2(BEAT);
    localparam integer RW = $clog2(MAXLAT + 1);

    reg [BEAT*8-1:0] mem [0:MAXBEATS-1];

    // in-flight reads: a ring of lat + 1 entries, as the C model
    reg [BEAT*8-1:0] ring_data [0:MAXLAT];
    reg [63:0]       ring_due  [0:MAXLAT];
    reg [RW-1:0]     head, count;
    reg [63:0]       now;
    reg [63:0]       tokens;

    wire [31:0] ring_size = lat + 32'd1;
    wire [63:0] beat64    = BEAT;

    assign req_ready  = !rst && tokens >= beat64 && {{(32-RW){1'b0}}, count} < ring_size;
    assign resp_valid = !rst && count != '0 && ring_due[head] == now;
    assign resp_rdata = ring_data[head];

    wire        accept = req_valid && req_ready;
    wire [31:0] beat_i = req_addr >> LB;
    wire        in_img = beat_i < nbeats;

    function automatic [RW-1:0] ring_next(input [RW-1:0] i, input [31:0] size);
        ring_next = ({{(32-RW){1'b0}}, i} + 32'd1 == size) ? '0 : i + 1'b1;
    endfunction
    function automatic [RW-1:0] ring_at(input [RW-1:0] i, input [RW-1:0] n, input [31:0] size);
        reg [31:0] t;
        begin
            t = {{(32-RW){1'b0}}, i} + {{(32-RW){1'b0}}, n};
            ring_at = RW'(t >= size ? t - size : t);
        end
    endfunction
    function automatic [BEAT*8-1:0] merge(input [BEAT*8-1:0] old, input [BEAT*8-1:0] nw,
                                          input [BEAT-1:0] strb);
        integer b;
        for (b = 0; b < BEAT; b = b + 1)
            merge[b*8 +: 8] = strb[b] ? nw[b*8 +: 8] : old[b*8 +: 8];
    endfunction

    reg [63:0]       tk;
    reg [RW-1:0]     h, c;
    always @(posedge clk) begin
        if (rst) begin
            head   <= '0;
            count  <= '0;
            now    <= 64'd0;
            tokens <= beat64;
            error  <= 1'b0;
        end else begin
            h  = head;
            c  = count;
            tk = tokens;
            if (resp_valid) begin
                h = ring_next(head, ring_size);
                c = c - 1'b1;
            end
            if (accept) begin
                tk = tk - beat64;
                if (req_addr[LB-1:0] != '0 || !in_img) begin
                    error <= 1'b1;
                    $display("kc_dram_model: cycle %0d: %s at 0x%08h outside the loaded image (%0d bytes) or misaligned",
                             now, req_write ? "write" : "read", req_addr, nbeats * BEAT);
                end
                if (req_write) begin
                    if (in_img)
                        mem[beat_i] <= merge(mem[beat_i], req_wdata, req_wstrb);
                end else begin
                    ring_data[ring_at(head, count, ring_size)] <= in_img ? mem[beat_i] : '0;
                    ring_due[ring_at(head, count, ring_size)]  <= now + {32'd0, lat};
                    c = c + 1'b1;
                end
            end
            tk = tk + {32'd0, bw};
            if (tk > beat64 + {32'd0, bw})
                tk = beat64 + {32'd0, bw};
            head   <= h;
            count  <= c;
            tokens <= tk;
            now    <= now + 64'd1;
        end
    end
endmodule

`default_nettype wire
